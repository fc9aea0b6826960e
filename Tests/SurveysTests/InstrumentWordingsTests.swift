import Foundation
import Testing
@testable import Surveys
import Wording

/// A language's wordings of the built-in instruments, read and laid over a definition without registering the
/// language (PseudoLocaleTests registers one and finds the built-in SUS in its words).
@Suite struct InstrumentWordingsTests {
    static func file(_ json: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-wordings-\(UUID().uuidString).json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func wordingsAreLaidOverTheDefinition() throws {
        let wordings = try InstrumentWordings.load(try Self.file(#"{"sus": {"title": "Escala SUS", "items": {"2": "Elemento dos"}, "anchors": {"5": "Muy de acuerdo"}}}"#))
        var sus = try #require(try InstrumentCatalog.builtin("sus"))
        #expect(wordings.apply(to: &sus, language: "es").isEmpty)
        #expect(sus.title.values["es"] == "Escala SUS")
        #expect(sus.items[1].text.values["es"] == "Elemento dos" && sus.items[0].text.values["es"] == nil)
        #expect(sus.scale?.anchors["es"] == ["5": "Muy de acuerdo"])
        #expect(sus.items[1].text.values["en"] == "I found the system unnecessarily complex.")
    }

    @Test func aWordingOfWhatTheInstrumentLacksIsNamed() throws {
        let wordings = try InstrumentWordings.load(try Self.file(
            #"{"sus": {"title": " ", "items": {"11": "x", "one": "y"}, "anchors": {"9": "z"}, "subscales": {"Nope": "n"}}, "seq": {"anchors": {"1": "a"}}}"#))
        var sus = try #require(try InstrumentCatalog.builtin("sus"))
        #expect(wordings.apply(to: &sus, language: "es").map(\.description) == [
            "sus.title: the text is empty",
            "sus.items.11: sus has no item 11",
            "sus.items.one: sus has no item one",
            "sus.anchors.9: '9' is not a point of the 1–5 scale",
            "sus.subscales.Nope: sus has no subscale Nope",
        ])
        var tlx = try #require(try InstrumentCatalog.builtin("nasa-tlx"))
        let unscaled = try InstrumentWordings.load(try Self.file(#"{"nasa-tlx": {"anchors": {"1": "a"}}}"#))
        #expect(unscaled.apply(to: &tlx, language: "es").map(\.description) == ["nasa-tlx.anchors: nasa-tlx has no Likert scale"])
    }

    @Test func aFileNamingNoBuiltInInstrumentIsRefusedWhole() throws {
        let file = try Self.file(#"{"sus": {"title": "SUS"}, "my-scale": {"title": "Mine"}}"#)
        let error = #expect(throws: InstrumentFileError.self) { try InstrumentWordings.load(file) }
        guard case let .invalid(path, problems)? = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(problems.count == 1 && problems[0].description.hasPrefix("my-scale: no built-in instrument has this id (built-in: csuq, nasa-tlx,"))
        let broken = try Self.file(#"{"sus": {"items": ["x"]}}"#)
        #expect(throws: InstrumentFileError.self) { try InstrumentWordings.load(broken) }
    }

    /// The shipped languages' wordings are in the definitions themselves: no `templates/instruments/wordings/<tag>.json`.
    @Test func theShippedLanguagesBringNoWordingsFile() {
        #expect(WordingFiles.file(for: .en) == nil && WordingFiles.file(for: .ptBR) == nil)
    }
}
