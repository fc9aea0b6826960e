import Testing
import Surveys

/// The words the readers of task logs recognised when they were Swift literals, recognised the same way now that
/// they are the languages' vocabularies (`Sources/Wording/Vocabulary`).
@Suite struct VocabularyRecognitionTests {
    @Test func outcomesAsLogsWriteThem() {
        for word in ["success", "sucesso", "s", "sim", "yes", "y", "1", "true", "ok", "completed", "concluida", "concluído", "Completa"] {
            #expect(Outcome(loose: word) == .success, "\(word)")
        }
        for word in ["partial", "parcial", "partially", "parcialmente"] { #expect(Outcome(loose: word) == .partial, "\(word)") }
        for word in ["fail", "failure", "failed", "falha", "falhou", "não", "n", "no", "0", "false", "fracasso"] {
            #expect(Outcome(loose: word) == .fail, "\(word)")
        }
        for word in ["", "maybe", "talvez", "x", "2"] { #expect(Outcome(loose: word) == nil, "\(word)") }
    }

    @Test func assistedFlags() {
        for word in ["yes", "y", "sim", "s", "1", "true", "x", "assisted", "ajudado", "com ajuda"] { #expect(YesNo.parse(word) == true, "\(word)") }
        for word in ["", "no", "n", "não", "0", "false", "sem ajuda"] { #expect(YesNo.parse(word) == false, "\(word)") }
        #expect(YesNo.parse("talvez") == nil)
    }

    @Test func remoteTestingOutcomes() {
        let readings: [(String, OutcomeReading)] = [
            ("Direct success", .outcome(.success, note: nil)), ("sucesso direto", .outcome(.success, note: nil)),
            ("Indirect success", .outcome(.success, note: OutcomeReading.indirectNote)), ("sucesso indireto", .outcome(.success, note: OutcomeReading.indirectNote)),
            ("partial success", .outcome(.partial, note: nil)), ("sucesso parcial", .outcome(.partial, note: nil)),
            ("Give up / Bounce", .outcome(.fail, note: OutcomeReading.gaveUpNote)), ("desistência / abandono", .outcome(.fail, note: OutcomeReading.gaveUpNote)),
            ("bounce", .outcome(.fail, note: OutcomeReading.gaveUpNote)), ("Desistiu", .outcome(.fail, note: OutcomeReading.gaveUpNote)),
            ("Mission unfinished", .abandoned), ("abandonada", .abandoned), ("not attempted", .skipped), ("não tentou", .skipped),
        ]
        for (word, reading) in readings { #expect(OutcomeReading(word) == reading, "\(word)") }
        #expect(OutcomeReading("sucesso") == .outcome(.success, note: nil))
        #expect(OutcomeReading("desisti") == nil)
    }
}
