import Foundation
import Testing

/// Word documents and REFI-QDA projects of any size: `XMLParser(data:)` on Linux stopped at libxml2's 10 MB limit,
/// so a large `.docx` was refused as "not well-formed" at its last line, and a REFI project whose source text lives
/// only in such a `.docx` imported with exit 0 and every coding dropped. Each test generates its 50 MB files in its
/// own temporary folder (nothing large is committed).
@Suite(.serialized) struct LargeDocumentTests {
    /// Writes a `.docx` whose word/document.xml is at least `megabytes` MB of numbered paragraphs ending with
    /// `last`, and (with a REFI mode) a `.qdpx` whose only text source is that `.docx`, with a selection coded on every
    /// `every`-th paragraph and on the last one; prints the number of codings.
    static let generator = #"""
        import sys, zipfile
        mode, out, megabytes, last = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
        paragraphs, size, i = [], 0, 0
        while size < megabytes * 1_000_000:
            text = "Paragraph %d says the quick brown fox jumps over the lazy dog and the menu hides again" % i
            paragraphs.append(text); size += len(text) + 54; i += 1
        paragraphs.append(last)
        ns = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
        body = "".join('<w:p><w:r><w:t xml:space="preserve">%s</w:t></w:r></w:p>' % p for p in paragraphs)
        document = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document %s><w:body>%s</w:body></w:document>' % (ns, body)
        if mode == "broken":
            document = document[: len(document) - 40]
        def docx(path):
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
                z.writestr("word/document.xml", document)
        if mode == "docx":
            docx(out); print(len(document)); sys.exit(0)
        import io
        buffer = io.BytesIO(); docx(buffer); data = buffer.getvalue()
        offsets, at = [], 0
        for p in paragraphs:
            offsets.append(at); at += len(p) + 1
        chosen = list(range(0, len(paragraphs) - 1, max(1, (len(paragraphs) - 1) // 96)))[:96] + [len(paragraphs) - 1]
        selections = "".join(
            '<PlainTextSelection guid="e0000000-0000-4000-8000-%012d" name="%s" startPosition="%d" endPosition="%d">'
            '<Coding guid="d0000000-0000-4000-8000-%012d"><CodeRef targetGUID="10000000-0000-4000-8000-000000000001"/></Coding>'
            '</PlainTextSelection>' % (n, paragraphs[k], offsets[k], offsets[k] + len(paragraphs[k]), n)
            for n, k in enumerate(chosen))
        qde = ('<?xml version="1.0" encoding="utf-8"?><Project xmlns="urn:QDA-XML:project:1.0" name="Big" origin="NVivo 14">'
               '<CodeBook><Codes><Code guid="10000000-0000-4000-8000-000000000001" name="Menu" isCodable="true"/></Codes></CodeBook>'
               '<Sources><TextSource guid="50000000-0000-4000-8000-000000000001" name="P1" '
               'richTextPath="internal://50000000-0000-4000-8000-000000000001.docx">%s</TextSource></Sources></Project>' % selections)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("project.qde", qde)
            z.writestr("sources/50000000-0000-4000-8000-000000000001.docx", data)
        print(len(chosen))
        """#

    static let last = "These are the last words of the big document"

    func generate(_ cli: StudyCtl, _ mode: String, _ name: String, megabytes: Double = 50) throws -> Int {
        try cli.write("generate.py", Self.generator)
        let printed = try Tool.run("python3", [cli.path("generate.py"), mode, cli.path(name), String(megabytes), Self.last])
        return try #require(Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)), "\(printed)")
    }

    func codes(_ cli: StudyCtl, db: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json", "--db", db]).utf8)) as? [String: Any])
        return json["codes"] as? [[String: Any]] ?? []
    }

    @Test(.enabled(if: Tool.locate("python3") != nil, "python3 writes the generated documents"))
    func aFiftyMegabyteWordTranscriptIsReadWhole() throws {
        let cli = try StudyCtl()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        let size = try generate(cli, "docx", "big.docx")
        #expect(size > 50_000_000, "word/document.xml is \(size) bytes")
        try cli.succeed(["init", "--title", "Grande"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["category", "add", "Fim", "--origin", "emergent"])
        try cli.succeed(["transcript", "add", "P1", "big.docx"])
        // Its last paragraph is there: the document was read to its end.
        let coded = try cli.succeed(["code", "add", "P1", "--excerpt", Self.last, "--code", "last words", "--category", "Fim", "--descriptive"])
        #expect(coded.contains("Stored code"), "\(coded)")
        #expect(try codes(cli, db: "study.sqlite").count == 1)
    }

    @Test(.enabled(if: Tool.locate("python3") != nil, "python3 writes the generated projects"))
    func aREFIProjectWhoseTextIsOnlyInABigWordDocumentImportsWithEveryCoding() throws {
        let cli = try StudyCtl()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        let codings = try generate(cli, "refi", "big.qdpx")
        #expect(codings == 97)
        let imported = try cli.run(["import", "qdpx", "big.qdpx", "--db", "refi.sqlite"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stdout.contains("not carried") && !imported.stderr.contains("not carried"), "\(imported.stdout)\(imported.stderr)")
        let stored = try codes(cli, db: "refi.sqlite")
        #expect(stored.count == codings, "\(stored.count) of \(codings) codings")
        #expect(stored.contains { $0["excerpt"] as? String == Self.last })
    }

    /// A source whose text is in the project but cannot be read fails the import: non-zero, nothing stored.
    @Test(.enabled(if: Tool.locate("python3") != nil, "python3 writes the generated projects"))
    func aSourceThatCannotBeReadFailsTheImport() throws {
        let cli = try StudyCtl()
        _ = try generate(cli, "broken", "broken.qdpx", megabytes: 1)
        try cli.succeed(["init", "--title", "Destino"])
        let failed = try cli.fail(["import", "qdpx", "broken.qdpx"])
        #expect(failed.stderr.contains("cannot be read") && failed.stderr.contains("not well-formed"), "\(failed.stderr)")
        #expect(try codes(cli, db: "study.sqlite").isEmpty)
    }
}
