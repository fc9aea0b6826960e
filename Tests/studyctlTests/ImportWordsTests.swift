import Foundation
import Testing

/// What an import is told: `--map` settles what item texts cannot, its messages speak one language, and the tasks a
/// log creates come in their own order.
@Suite struct ImportWordsTests {
    static let seqText = "De modo geral, quão difícil ou fácil foi concluir esta tarefa?"

    func seqStudy(language: String? = "en") throws -> StudyCtl {
        let cli = try StudyCtl(language: language)
        try cli.succeed(["init", "--title", "Palavras", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["task", "add", "T1", "--title", "Agendar consulta"])
        try cli.succeed(["task", "add", "T2", "--title", "Remarcar consulta"])
        // Two headers carry the SEQ's one item text, one per task (as a Google Form asks it after each task).
        try cli.write("seq.csv", """
            Participante,"Tarefa 1 – Agendar consulta: \(Self.seqText)","Tarefa 2 – Remarcar consulta: \(Self.seqText)"
            P1,6,2
            P2,5,3
            P3,7,1

            """)
        return cli
    }

    /// `--map` names the column of an item two headers carry the text of: it wins over the text, though the column
    /// name holds a comma and is not in quotes (the shell took them off).
    @Test func mapWinsOverTwoHeadersCarryingOneItemText() throws {
        let cli = try seqStudy()
        let refused = try cli.fail(["responses", "import", "seq.csv", "--instrument", "seq", "--task", "T1", "--participant-column", "Participante"])
        #expect(refused.stderr.contains("both carry the text of seq item 1; say which with --map 1=COLUMN"), "\(refused.stderr)")
        try cli.succeed(["responses", "import", "seq.csv", "--instrument", "seq", "--task", "T1", "--participant-column", "Participante",
                         "--map", "1=Tarefa 1 – Agendar consulta: \(Self.seqText)"])
        try cli.succeed(["responses", "import", "seq.csv", "--instrument", "seq", "--task", "T2", "--participant-column", "Participante",
                         "--map", "1=\"Tarefa 2 – Remarcar consulta: \(Self.seqText)\""])
        // T1's column holds 6, 5, 7 (mean 6); T2's 2, 3, 1 (mean 2).
        let t1 = try cli.succeed(["score", "seq", "--task", "T1"])
        let t2 = try cli.succeed(["score", "seq", "--task", "T2"])
        #expect(t1.contains("6.00") && !t1.contains("2.00"), "\(t1)")
        #expect(t2.contains("2.00") && !t2.contains("6.00"), "\(t2)")
    }

    /// A malformed `--map` is refused in one language: the example is the study's language too.
    @Test func mapMessagesSpeakOneLanguage() throws {
        let cli = try seqStudy(language: "pt-BR")
        let refused = try cli.fail(["responses", "import", "seq.csv", "--instrument", "seq", "--task", "T1", "--participant-column", "Participante",
                                    "--map", "Tarefa 1"])
        #expect(refused.stderr.contains("Escreva --map como ITEM=COLUNA, por exemplo --map 1=Q1,2=Q2; 'Tarefa 1' não é."), "\(refused.stderr)")
        #expect(!refused.stderr.contains("e.g.") && !refused.stderr.contains("COLUMN"), "\(refused.stderr)")
        let labels = try cli.fail(["responses", "import", "seq.csv", "--instrument", "seq", "--task", "T1", "--participant-column", "Participante",
                                   "--labels", "Muito fácil"])
        #expect(labels.stderr.contains("Escreva --labels como RÓTULO=PONTO, por exemplo --labels \"Concordo bastante=4\"; 'Muito fácil' não é."), "\(labels.stderr)")
        let english = try StudyCtl()
        try english.succeed(["init", "--title", "Words"])
        try english.write("x.csv", "Participant,Q1\nP1,4\n")
        let refusedEN = try english.fail(["responses", "import", "x.csv", "--instrument", "seq", "--map", "Q1"])
        #expect(refusedEN.stderr.contains("Please write --map as ITEM=COLUMN, e.g. --map 1=Q1,2=Q2; 'Q1' is not."), "\(refusedEN.stderr)")
    }

    /// The tasks `attempt import --create-tasks` adds follow their numbers (T1 … T5), not first appearance; keys the
    /// import chooses itself follow the names' numbers too.
    @Test func createdTasksFollowTheirNumbers() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Ordem"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.write("log.csv", """
            participant,task,time
            P1,T1,10
            P1,T2,11
            P1,T3,12
            P1,T5,13
            P1,T4,14
            P2,T10,15

            """)
        let imported = try cli.succeed(["attempt", "import", "log.csv", "--create-tasks"])
        #expect(imported.contains("Added task T4"), "\(imported)")
        #expect(try taskKeys(cli) == ["T1", "T2", "T3", "T4", "T5", "T10"])
        // A log naming tasks only by title: the keys the import picks follow the titles' numbers.
        let titled = try StudyCtl()
        try titled.succeed(["init", "--title", "Títulos"])
        try titled.succeed(["participant", "add", "P1"])
        try titled.write("log.csv", """
            participant,task name,time
            P1,Tarefa 2 – Remarcar,10
            P1,Tarefa 1 – Agendar,11

            """)
        try titled.succeed(["attempt", "import", "log.csv", "--create-tasks"])
        let tasks = try titled.succeed(["task", "list", "--json"])
        let first = try #require(tasks.range(of: "Tarefa 1 – Agendar")), second = try #require(tasks.range(of: "Tarefa 2 – Remarcar"))
        #expect(first.lowerBound < second.lowerBound, "\(tasks)")
        #expect(try taskKeys(titled) == ["T1", "T2"])
        let attempts = try titled.succeed(["attempt", "list", "--json"])
        #expect(attempts.contains("11") && attempts.contains("10"), "\(attempts)")
        try titled.readsSucceed()
    }

    /// `task edit --order N` moves a task to place N, the others keeping their order; `--title` renames it.
    @Test func taskEditMovesAndRenames() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Ordem"])
        for key in ["T1", "T2", "T3", "T5", "T4"] { try cli.succeed(["task", "add", key, "--title", "Tarefa \(key)"]) }
        #expect(try taskKeys(cli) == ["T1", "T2", "T3", "T5", "T4"])
        let moved = try cli.succeed(["task", "edit", "T4", "--order", "4", "--title", "Agendar consulta"])
        #expect(moved.contains("Task T4: place 4 in the task order."), "\(moved)")
        #expect(try taskKeys(cli) == ["T1", "T2", "T3", "T4", "T5"])
        #expect(try cli.succeed(["task", "list"]).contains("Agendar consulta"))
        try cli.succeed(["task", "edit", "T5", "--order", "1"])
        #expect(try taskKeys(cli) == ["T5", "T1", "T2", "T3", "T4"])
        try cli.succeed(["task", "edit", "T5", "--order", "99"])
        #expect(try taskKeys(cli) == ["T1", "T2", "T3", "T4", "T5"])
        let bad = try cli.fail(["task", "edit", "T5", "--order", "0"])
        #expect(bad.stderr.contains("task T5, --order: 0 is outside"), "\(bad.stderr)")
        let unknown = try cli.fail(["task", "edit", "T9", "--order", "1"])
        #expect(unknown.stderr.contains("T9"), "\(unknown.stderr)")
    }

    func taskKeys(_ cli: StudyCtl) throws -> [String] {
        let output = try cli.succeed(["task", "list", "--json"])
        let data = try #require(output.data(using: .utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tasks = try #require(json["tasks"] as? [[String: Any]])
        return tasks.compactMap { $0["key"] as? String }
    }
}
