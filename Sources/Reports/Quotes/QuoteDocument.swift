import Foundation
import QualCoding
import Results
import Surveys
import Wording
import ZIPFoundation

/// The file formats `export quotes` writes, known by the file's extension.
public enum QuoteFormat: String, Sendable, CaseIterable {
    case docx, odt, md, html

    public init?(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "markdown" { self = .md; return }
        if ext == "htm" { self = .html; return }
        self.init(rawValue: ext)
    }
}

/// How quotations are set in the study's language: ABNT NBR 10520 for Portuguese, APA (7th ed.) for English.
public struct QuotationStyle: Sendable, Equatable {
    /// Characters in one line of body text: a 16 cm line (A4 less ABNT's 3 cm and 2 cm margins) in 12 pt type holds
    /// about 80. ABNT sets a quotation of more than three lines as a block.
    public static let abntLineCharacters = 80

    public var language: StudyLanguage

    public init(language: StudyLanguage) { self.language = language }

    /// Whether a quotation is set as an indented block: ABNT NBR 10520 — more than three lines; APA 7th ed. §8.27 —
    /// 40 words or more.
    public func isBlock(_ quote: QuoteEntry) -> Bool {
        switch language.record.citationStyle {
        case .abnt: return quote.excerpt.count > 3 * Self.abntLineCharacters
        case .apa: return quote.wordCount >= 40
        }
    }

    /// The block's left indent in centimetres: ABNT 4 cm; APA 0.5 inch.
    public var blockIndentCentimetres: Double { abnt ? 4 : 1.27 }
    /// The block's type size in points (body 12 pt): ABNT a smaller type (10 pt); APA the body's size.
    public var blockPoints: Double { abnt ? 10 : 12 }
    /// Whether the language's academic writing follows ABNT (else APA).
    var abnt: Bool { language.record.citationStyle == .abnt }
    /// Opening and closing quotation marks of a short quotation.
    public var marks: (String, String) { ("“", "”") }

    /// What the style is, said at the head of the document.
    public var rule: Sentence {
        switch language.record.citationStyle {
        case .abnt:
            return "Quotations as ABNT NBR 10520 sets them: up to three lines in double quotation marks within the text; more than three lines (over \(String(3 * Self.abntLineCharacters)) characters, at about \(String(Self.abntLineCharacters)) a line of 16 cm in 12 pt type) as a block indented 4 cm, in smaller type, without quotation marks."
        case .apa:
            return "Quotations in APA style (7th edition): fewer than 40 words in double quotation marks within the text; 40 words or more as a block indented 0.5 inch, without quotation marks."
        }
    }
}

/// The quotes of a `QuoteBook` as a document for a thesis: headings per theme and category, each quote set in the
/// study's quotation style, followed by who said it (participant and attributes) and the words around it.
public enum QuoteDocument {
    /// One piece of the document, rendered by each format in its own way.
    enum Piece: Equatable {
        case heading(level: Int, text: String)
        case paragraph(String)
        /// A quotation: its text and its citation (participant and attributes), inline in marks or as a block.
        case quote(text: String, citation: String, block: Bool)
        /// The smaller line under a quote: its code and coder, then the context with the quote's words in bold.
        case detail(label: String, before: String, bold: String, after: String)
    }

    /// - Parameter labels: the attributes and their values in a quote's citation by their labels ("anos de
    ///   experiência: 5" for `years_experience`); unlabelled, a name reads without its underscores.
    static func pieces(_ book: QuoteBook, title: String, selection: String, language: StudyLanguage, labels: StudyLabels = .plain) -> [Piece] {
        let style = QuotationStyle(language: language)
        var pieces: [Piece] = [.heading(level: 1, text: title), .paragraph(selection), .paragraph(style.rule.text(language))]
        if book.isEmpty { pieces.append(.paragraph(("No coded passage matches the selection." as Sentence).text(language))) }
        for theme in book.themes {
            let underTheme = theme.name != nil
            if let name = theme.name { pieces.append(.heading(level: 2, text: ("Theme: \(name)" as Sentence).text(language))) }
            else if book.themes.count > 1 { pieces.append(.heading(level: 2, text: ("Categories under no theme" as Sentence).text(language))) }
            for category in theme.categories {
                let count: Sentence = category.quotes.count == 1 ? "1 quote" : "\(String(category.quotes.count)) quotes"
                pieces.append(.heading(level: underTheme || book.themes.count > 1 ? 3 : 2, text: "\(category.name) (\(count.text(language)))"))
                for quote in category.quotes {
                    let attributes = quote.attributes.map { attribute in
                        let label = labels.value(attribute.value, of: attribute.name)
                        return "\(labels.attribute(attribute.name)): \(label == attribute.value ? attribute.shown(language) : label)"
                    }
                    let citation = "(" + ([quote.participant] + attributes).joined(separator: "; ") + ")"
                    pieces.append(.quote(text: quote.excerpt, citation: citation, block: style.isBlock(quote)))
                    let code: Sentence = quote.inVivo ? "In-vivo code: \(quote.code)" : "Code: \(quote.code)"
                    var label = code.text(language)
                    if quote.coders.count > 1 {
                        label += "; " + ("coders: \(quote.coders.joined(separator: ", ")) (the same words, coded by each)" as Sentence).text(language)
                    } else if let coder = quote.coder {
                        label += "; " + ("coder: \(coder)" as Sentence).text(language)
                    }
                    if let transcript = quote.transcript { label += "; " + ("transcript: \(transcript)" as Sentence).text(language) }
                    label += "."
                    if let context = quote.context {
                        label += " " + ("Context:" as Sentence).text(language) + " "
                        let (before, after) = context.spaced
                        pieces.append(.detail(label: label, before: before, bold: quote.excerpt, after: after))
                    } else {
                        pieces.append(.detail(label: label, before: "", bold: "", after: ""))
                    }
                }
            }
        }
        return pieces
    }

    /// Writes `book` to `path` in `format`, atomically (the old file, or none, stays until the new one is whole).
    public static func write(_ book: QuoteBook, title: String, selection: String, language: StudyLanguage, to path: String,
                             format: QuoteFormat, labels: StudyLabels = .plain) throws {
        let parts = pieces(book, title: title, selection: selection, language: language, labels: labels)
        let data: Data
        switch format {
        case .md: data = Data(markdown(parts).utf8)
        case .html: data = Data(html(parts, title: title, language: language).utf8)
        case .docx: data = try docx(parts, language: language)
        case .odt: data = try odt(parts, language: language)
        }
        try AtomicOutput.file(path) { temporary in
            do { try data.write(to: URL(fileURLWithPath: temporary)) } catch {
                throw ReportError.cannotWrite(path: path, reason: ReportError.reason(error))
            }
        }
    }

    // MARK: - Markdown and HTML

    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func markdown(_ pieces: [Piece]) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case let .heading(level, text): out += String(repeating: "#", count: level) + " " + markdownEscaped(text) + "\n\n"
            case let .paragraph(text): out += markdownEscaped(text) + "\n\n"
            case let .quote(text, citation, block):
                out += block ? "> " + markdownEscaped(text) + " " + markdownEscaped(citation) + "\n\n"
                    : "“" + markdownEscaped(text) + "” " + markdownEscaped(citation) + "\n\n"
            case let .detail(label, before, bold, after):
                out += "<small>" + markdownEscaped(label) + markdownEscaped(before) + (bold.isEmpty ? "" : "**" + markdownEscaped(bold) + "**")
                    + markdownEscaped(after) + "</small>\n\n"
            }
        }
        return out
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Characters XML 1.0 cannot carry are left out.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func html(_ pieces: [Piece], title: String, language: StudyLanguage) -> String {
        let style = QuotationStyle(language: language)
        var body = ""
        for piece in pieces {
            switch piece {
            case let .heading(level, text): body += "<h\(level)>\(escaped(text))</h\(level)>\n"
            case let .paragraph(text): body += "<p>\(escaped(text))</p>\n"
            case let .quote(text, citation, block):
                body += block ? "<blockquote>\(escaped(text)) \(escaped(citation))</blockquote>\n"
                    : "<p>“\(escaped(text))” \(escaped(citation))</p>\n"
            case let .detail(label, before, bold, after):
                body += "<p class=\"detail\">\(escaped(label))\(escaped(before))\(bold.isEmpty ? "" : "<b>\(escaped(bold))</b>")\(escaped(after))</p>\n"
            }
        }
        let indent = String(format: "%.2f", style.blockIndentCentimetres)
        return """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head><meta charset="utf-8"><title>\(escaped(title))</title>
            <style>
            body { font-family: "Times New Roman", Times, serif; font-size: 12pt; max-width: 16cm; margin: 2cm auto; line-height: 1.5; }
            blockquote { margin: 0.5em 0 0.5em \(indent)cm; font-size: \(Int(style.blockPoints))pt; line-height: \(style.abnt ? "1.0" : "1.5"); }
            .detail { font-size: 9pt; color: #555; margin-top: -0.4em; }
            </style></head>
            <body>
            \(body)</body></html>

            """
    }

    // MARK: - WordprocessingML (.docx) and ODF (.odt)

    // No library on this machine writes .docx or .odt, and both are a handful of XML parts in a ZIP: written here by
    // hand, with the parts each format requires (ECMA-376 Part 1 §11.3; ODF 1.2 Part 3 §3).

    static func zip(_ entries: [(String, Data)], storedFirst: Bool) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let fixed = Date(timeIntervalSince1970: 946_684_800)
        for (index, (name, data)) in entries.enumerated() {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), modificationDate: fixed, permissions: 0o644,
                                 compressionMethod: storedFirst && index == 0 ? .none : .deflate, provider: { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            })
        }
        return archive.data ?? Data()
    }

    static func docx(_ pieces: [Piece], language: StudyLanguage) throws -> Data {
        let style = QuotationStyle(language: language)
        let twips = Int((style.blockIndentCentimetres / 2.54 * 1440).rounded())
        let bodySpacing = style.abnt ? 360 : 480 // 1.5 (ABNT) or double (APA) spacing, in 240ths of a line
        func run(_ text: String, bold: Bool = false, size: Double? = nil) -> String {
            var properties = bold ? "<w:b/>" : ""
            if let size { properties += "<w:sz w:val=\"\(Int(size * 2))\"/><w:szCs w:val=\"\(Int(size * 2))\"/>" }
            if text.isEmpty { return "" }
            return "<w:r>\(properties.isEmpty ? "" : "<w:rPr>\(properties)</w:rPr>")<w:t xml:space=\"preserve\">\(escaped(text))</w:t></w:r>"
        }
        var body = ""
        for piece in pieces {
            switch piece {
            case let .heading(level, text):
                body += "<w:p><w:pPr><w:pStyle w:val=\"Heading\(level)\"/></w:pPr>\(run(text))</w:p>"
            case let .paragraph(text):
                body += "<w:p><w:pPr><w:spacing w:line=\"\(bodySpacing)\" w:lineRule=\"auto\"/></w:pPr>\(run(text))</w:p>"
            case let .quote(text, citation, block):
                if block {
                    body += "<w:p><w:pPr><w:pStyle w:val=\"Quote\"/><w:spacing w:before=\"240\" w:after=\"240\" w:line=\"\(style.abnt ? 240 : 480)\" w:lineRule=\"auto\"/><w:ind w:left=\"\(twips)\"/><w:jc w:val=\"both\"/></w:pPr>"
                        + run(text + " " + citation, size: style.blockPoints) + "</w:p>"
                } else {
                    body += "<w:p><w:pPr><w:spacing w:line=\"\(bodySpacing)\" w:lineRule=\"auto\"/></w:pPr>" + run("“" + text + "” " + citation) + "</w:p>"
                }
            case let .detail(label, before, bold, after):
                body += "<w:p><w:pPr><w:spacing w:after=\"200\"/></w:pPr>\(run(label + before, size: 9))\(run(bold, bold: true, size: 9))\(run(after, size: 9))</w:p>"
            }
        }
        let lang = language.record.regionTag
        let document = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>\(body)<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1701" w:right="1134" w:bottom="1134" w:left="1701" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>
            """
        func heading(_ level: Int, _ size: Int) -> String {
            """
            <w:style w:type="paragraph" w:styleId="Heading\(level)"><w:name w:val="heading \(level)"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="\(level - 1)"/></w:pPr><w:rPr><w:b/><w:sz w:val="\(size)"/><w:szCs w:val="\(size)"/></w:rPr></w:style>
            """
        }
        let styles = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="\(lang)"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>\(heading(1, 32))\(heading(2, 28))\(heading(3, 24))<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/><w:qFormat/></w:style></w:styles>
            """
        let contentTypes = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>
            """
        let rels = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>
            """
        let documentRels = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>
            """
        return try zip([("[Content_Types].xml", Data(contentTypes.utf8)), ("_rels/.rels", Data(rels.utf8)),
                        ("word/document.xml", Data(document.utf8)), ("word/styles.xml", Data(styles.utf8)),
                        ("word/_rels/document.xml.rels", Data(documentRels.utf8))], storedFirst: false)
    }

    static func odt(_ pieces: [Piece], language: StudyLanguage) throws -> Data {
        let style = QuotationStyle(language: language)
        var body = ""
        for piece in pieces {
            switch piece {
            case let .heading(level, text):
                body += "<text:h text:style-name=\"H\(level)\" text:outline-level=\"\(level)\">\(escaped(text))</text:h>"
            case let .paragraph(text):
                body += "<text:p text:style-name=\"Body\">\(escaped(text))</text:p>"
            case let .quote(text, citation, block):
                body += block ? "<text:p text:style-name=\"Block\">\(escaped(text + " " + citation))</text:p>"
                    : "<text:p text:style-name=\"Body\">\(escaped("“" + text + "” " + citation))</text:p>"
            case let .detail(label, before, bold, after):
                body += "<text:p text:style-name=\"Detail\">\(escaped(label + before))"
                    + (bold.isEmpty ? "" : "<text:span text:style-name=\"Bold\">\(escaped(bold))</text:span>") + "\(escaped(after))</text:p>"
            }
        }
        let (lang, country) = language.record.languageAndCountry
        let indent = String(format: "%.2fcm", style.blockIndentCentimetres)
        let content = """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2"><office:font-face-decls/><office:automatic-styles>\
            <style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:line-height="\(style.abnt ? "150%" : "200%")" fo:margin-bottom="0.2cm"/><style:text-properties style:font-name="Times New Roman" fo:font-family="'Times New Roman'" fo:font-size="12pt" fo:language="\(lang)" fo:country="\(country)"/></style:style>\
            <style:style style:name="Block" style:family="paragraph"><style:paragraph-properties fo:margin-left="\(indent)" fo:margin-top="0.4cm" fo:margin-bottom="0.4cm" fo:text-align="justify" fo:line-height="\(style.abnt ? "100%" : "200%")"/><style:text-properties fo:font-family="'Times New Roman'" fo:font-size="\(Int(style.blockPoints))pt" fo:language="\(lang)" fo:country="\(country)"/></style:style>\
            <style:style style:name="Detail" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.35cm"/><style:text-properties fo:font-family="'Times New Roman'" fo:font-size="9pt" fo:color="#555555" fo:language="\(lang)" fo:country="\(country)"/></style:style>\
            <style:style style:name="H1" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/><style:text-properties fo:font-family="'Times New Roman'" fo:font-size="16pt" fo:font-weight="bold"/></style:style>\
            <style:style style:name="H2" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.5cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/><style:text-properties fo:font-family="'Times New Roman'" fo:font-size="14pt" fo:font-weight="bold"/></style:style>\
            <style:style style:name="H3" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/><style:text-properties fo:font-family="'Times New Roman'" fo:font-size="12pt" fo:font-weight="bold"/></style:style>\
            <style:style style:name="Bold" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>\
            </office:automatic-styles><office:body><office:text>\(body)</office:text></office:body></office:document-content>
            """
        let styles = """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2"><office:automatic-styles><style:page-layout style:name="Page"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="3cm" fo:margin-bottom="2cm" fo:margin-left="3cm" fo:margin-right="2cm"/></style:page-layout></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page"/></office:master-styles></office:document-styles>
            """
        let manifest = """
            <?xml version="1.0" encoding="UTF-8"?>
            <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>
            """
        // ODF: `mimetype` first and stored uncompressed, so the file is recognised by its first bytes.
        return try zip([("mimetype", Data("application/vnd.oasis.opendocument.text".utf8)), ("META-INF/manifest.xml", Data(manifest.utf8)),
                        ("content.xml", Data(content.utf8)), ("styles.xml", Data(styles.utf8))], storedFirst: true)
    }
}
