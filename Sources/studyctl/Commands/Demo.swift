import Results
import ArgumentParser
import Datasets
import Foundation
import Importing
import QualCoding
import Reports
import StudyStore
import Surveys
import Tabular
import Wording

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: words("Build the bundled example studies and write their reports and workbooks."),
        discussion: words("""
            Builds four studies from the datasets shipped with studyctl, each in a fresh study file: UITracking \
            (participants, PSSUQ, 54 coded excerpts and a second coder), CodeForAll (SUS in Portuguese and \
            Sim/Não/Talvez perceptions), a game-controls task log and a within-subject redesign study (SUS before \
            and after, three prototypes, tasks and SEQ on two devices). For each, writes the markdown report with \
            its charts, the Excel workbook and the CSV tables, and prints where they are.
            """))

    @Option(name: .shortAndLong, help: ArgumentHelp(words("The folder to write into (its demo files are replaced)."), valueName: "folder"))
    var output: String = "demo-output"

    func run() throws {
        let base = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        for build in [uitracking, codeforall, gameControls, redesign] {
            let (name, study) = try build(base)
            let folder = base.appendingPathComponent(name)
            let snapshot = try StudyData.load(study)
            let report = try ReportWriter.write(snapshot, language: snapshot.info.language, to: folder.path, force: true)
            let english = try ReportWriter.write(snapshot, language: .en, to: folder.path, fileName: "report.en.md", force: true)
            for (language, file, format) in [(snapshot.info.language, "report.html", ReportWriter.Format.html), (.en, "report.en.html", .html),
                                              (snapshot.info.language, "report.tex", .latex), (.en, "report.en.tex", .latex)] {
                try ReportWriter.write(snapshot, language: language, to: folder.path, fileName: file,
                                       format: format, force: true)
            }
            let workbook = folder.appendingPathComponent("\(name).xlsx").path
            try WorkbookWriter.write(snapshot, to: workbook)
            try CSVExporter.write(snapshot, to: folder.appendingPathComponent("csv").path)
            print("\(snapshot.info.title)")
            let englishFile = URL(fileURLWithPath: english).lastPathComponent
            say("  study:    \(study.path)")
            say("  report:   \(report) (English: \(englishFile); HTML: report.html, report.en.html; LaTeX: report.tex, report.en.tex)")
            say("  workbook: \(workbook)")
            say("  tables:   \(folder.appendingPathComponent("csv").path)/")
        }
    }

    func dataset(_ name: String) throws -> URL {
        guard let folder = BundledDatasets.folder(name) else {
            throw Refusal("The bundled dataset '\(name)' was not installed with studyctl; run it from its build folder.")
        }
        return folder
    }

    /// A fresh study file in `folder` (an earlier demo's file is replaced).
    func freshStudy(_ base: URL, _ name: String, title: String) throws -> StudyDatabase {
        let folder = base.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("charts"))
        return try StudyDatabase.create(at: path, title: title, language: .ptBR)
    }

    func uitracking(_ base: URL) throws -> (String, StudyDatabase) {
        let data = try dataset("uitracking")
        let study = try freshStudy(base, "uitracking", title: "UITracking: framework iOS para aplicações controladas por eye tracking")
        _ = try study.importParticipants(from: data.appendingPathComponent("participants.csv").path)
        _ = try study.deriveAttribute("level", from: "years_ios", rule: try DerivationRule(parsing: "<2:Iniciante,<=3:Intermediário,>3:Avançado"), replace: false)
        _ = try study.importResponses(from: data.appendingPathComponent("pssuq_answers.csv").path,
                                      options: .init(instrument: "pssuq", participantColumn: "Participante", orientation: .inverted))
        _ = try study.importCategories(from: data.appendingPathComponent("categories.csv").path)
        _ = try study.importCodes(from: data.appendingPathComponent("coded_excerpts.csv").path, coder: "Autora")
        _ = try study.importCodes(from: data.appendingPathComponent("second_coder.csv").path)
        try study.addMemo(on: .study, text: "PSSUQ: as respostas por item foram reconstruídas a partir da Tabela 6; a Tabela 6 é inconsistente para P4 (escore geral publicado 1,43; reconstruído 1,50). O segundo codificador é sintético.")
        try study.addMemo(on: .category("APIs especializadas"), text: "Categoria pré-estabelecida da literatura, não observada nas entrevistas.")
        try addReconstructedTranscripts(study, quotes: data.appendingPathComponent("transcript_quotes.csv").path)
        return ("uitracking", study)
    }

    /// The published study gives quotes and coded excerpts, not whole interviews: each participant's transcript is
    /// reconstructed from them (their quotes, then every coded excerpt no quote contains), marked as such, so the
    /// coding workspace (`studyctl serve`) has transcripts to open. The excerpts are located in them.
    func addReconstructedTranscripts(_ study: StudyDatabase, quotes path: String) throws {
        let reader = try CSVReader(path: path)
        var quotes: [String: [String]] = [:]
        while let record = try reader.next() { quotes[record.fields[0].value, default: []].append(record.fields[1].value) }
        var excerpts: [String: [String]] = [:]
        for code in try study.codes() where !(excerpts[code.participant]?.contains(code.excerpt) ?? false) {
            excerpts[code.participant, default: []].append(code.excerpt)
        }
        for participant in try study.roster().participants.map(\.code) {
            var sentences = quotes[participant] ?? []
            for excerpt in excerpts[participant] ?? [] where !sentences.contains(where: { $0.contains(excerpt) }) { sentences.append(excerpt) }
            guard !sentences.isEmpty else { continue }
            var text = "[Transcrição reconstruída a partir dos trechos publicados; não é a entrevista original.]\n"
            for (index, sentence) in sentences.enumerated() {
                text += "\nEntrevistadora: " + (index == 0 ? "Como foi usar o UITracking?" : "E o que mais você percebeu?") + "\n"
                text += "\(participant): \(sentence.hasSuffix(".") ? sentence : sentence + ".")\n"
            }
            try study.addTranscript(participant: participant, text: text, source: "reconstruída dos trechos publicados")
        }
    }

    func codeforall(_ base: URL) throws -> (String, StudyDatabase) {
        let data = try dataset("codeforall")
        let study = try freshStudy(base, "codeforall", title: "CodeForAll: componentes de UI acessíveis em SwiftUI")
        _ = try study.importParticipants(from: data.appendingPathComponent("participants.csv").path)
        _ = try study.importResponses(from: data.appendingPathComponent("sus_answers.csv").path,
                                      options: .init(instrument: "sus", participantColumn: "Participante"))
        try study.addInstrument(try InstrumentDefinition.load(path: data.appendingPathComponent("perception.json").path))
        _ = try study.importResponses(from: data.appendingPathComponent("perception_answers.csv").path,
                                      options: .init(instrument: "codeforall-perception", participantColumn: "Participante"))
        for component in ["FAText", "FATextField", "FAToggle", "FATextButton", "FAImageButton", "FADescriptiveImage", "FADecorativeImage", "FALoadingView"] {
            try study.addTask(key: component, title: component)
        }
        try study.addInstrument(try InstrumentDefinition.load(path: data.appendingPathComponent("components.json").path))
        _ = try study.importResponses(from: data.appendingPathComponent("component_answers.csv").path,
                                      options: .init(instrument: "codeforall-component", participantColumn: "Participante", taskColumn: "Componente"))
        try study.addMemo(on: .study, text: "Respostas SUS por participante sintéticas, construídas para reproduzir os agregados publicados (média 86,36; mínimo 72,5; máximo 100; moda 92,5).")
        try study.addMemo(on: .study, text: "Avaliações por componente sintéticas, coerentes com os agregados publicados: 88 avaliações, 87 com sucesso (P7 não conseguiu usar o FALoadingView); 7,9 % de \"Não\" a usar o componente nos próximos projetos.")
        return ("codeforall", study)
    }

    func gameControls(_ base: URL) throws -> (String, StudyDatabase) {
        let data = try dataset("game-controls")
        let study = try freshStudy(base, "game-controls", title: "Controles de jogo: fases e configurações (dados sintéticos)")
        _ = try study.importParticipants(from: data.appendingPathComponent("participants.csv").path)
        for level in 1...3 { try study.addTask(key: "fase-\(level)", title: "Fase \(level)", penaltySeconds: 2) }
        try study.addFactor(name: "setting", levels: ["0-50", "0-100"])
        _ = try study.importAttempts(from: data.appendingPathComponent("attempts.csv").path, options: .init(map: [
            "setting": "Config", "errors": "Colisões", "outcome": "Concluiu", "time": "Tempo (s)", "total": "Total (s)"]))
        return ("game-controls", study)
    }

    /// The same people measured again: SUS before and after a redesign, after each of three prototypes, and three
    /// tasks with the SEQ on two devices (synthetic; datasets/redesign/generate.py writes the files).
    func redesign(_ base: URL) throws -> (String, StudyDatabase) {
        let data = try dataset("redesign")
        func file(_ name: String) -> String { data.appendingPathComponent(name).path }
        let study = try freshStudy(base, "redesign", title: "Redesenho do agendamento: antes e depois, protótipos e aparelhos (dados sintéticos)")
        _ = try study.importParticipants(from: file("participants.csv"), options: .init(codeColumn: "Participante"))
        for (name, occasion) in [("sus_pre.csv", "pré"), ("sus_pos.csv", "pós")] {
            _ = try study.importResponses(from: file(name), options: .init(instrument: "sus", participantColumn: "Participante", occasion: occasion))
        }
        try study.addFactor(name: "protótipo", levels: ["A", "B", "C"])
        try study.addFactor(name: "aparelho", levels: ["celular", "desktop"])
        for prototype in ["A", "B", "C"] {
            let key = try study.measurementKey(occasion: "", conditions: ["protótipo": prototype])
            _ = try study.importResponses(from: file("sus_prototipo_\(prototype).csv"),
                                          options: .init(instrument: "sus", participantColumn: "Participante", occasion: key))
        }
        for (key, title) in [("T1", "Encontrar o horário"), ("T2", "Remarcar a consulta"), ("T3", "Pagar a taxa")] {
            try study.addTask(key: key, title: title)
        }
        _ = try study.importAttempts(from: file("attempts.csv"), options: .init(map: [
            "participant": "Participante", "task": "Tarefa", "aparelho": "Aparelho", "time": "Tempo (s)", "errors": "Erros", "outcome": "Resultado"]))
        for device in ["celular", "desktop"] {
            var options = LongResponseImportOptions()
            options.occasion = try study.measurementKey(occasion: "", conditions: ["aparelho": device])
            _ = try study.importLongResponses(from: file("seq_\(device).csv"), options: options)
        }
        // Labels for people: the report and the workbook say these, the CSV and JSON keep the names.
        try study.setOccasionLabel(occasion: "pré", label: "antes do redesenho")
        try study.setOccasionLabel(occasion: "pós", label: "depois do redesenho")
        try study.setConditionLabels(factor: "aparelho", label: nil, levels: [("desktop", "computador")])
        try study.addMemo(on: .study, text: "Dados sintéticos (datasets/redesign/generate.py): as mesmas 12 pessoas medidas várias vezes. SUS antes e depois do redesenho (P12 não voltou), SUS após cada um de três protótipos e três tarefas com SEQ no celular e no desktop.")
        return ("redesign", study)
    }
}
