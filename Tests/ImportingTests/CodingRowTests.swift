import Foundation
import Testing
import QualCoding
import StudyStore
import Tabular
@testable import Importing

/// Codebook and codes tables as the importing layer reads them for the store.
@Suite struct CodingRowTests {
    func records(_ csv: String) throws -> [Tabular.Record] {
        try CSVReader(text: csv, file: "t.csv").readAll()
    }

    @Test func categoryRowsReadOriginsDefinitionsAndThemes() throws {
        let records = try records("""
            name,origin,definition,theme
             Navegação ,Nielsen (1994),  how people move  , Usabilidade
            Busca,,,

            """)
        let columns = ["name": 0, "origin": 1, "definition": 2, "theme": 3]
        let first = StudyDatabase.categoryRow(records[0], name: 0, columns: columns)
        #expect(first.name == "Navegação" && first.field.value == " Navegação ")  // stored as typed, compared trimmed
        #expect(first.origin == CategoryOrigin(parsing: "Nielsen (1994)"))
        #expect(first.definition == "how people move")
        #expect(first.theme?.name == "Usabilidade" && first.theme?.field.value == " Usabilidade")
        let second = StudyDatabase.categoryRow(records[1], name: 0, columns: columns)
        // An empty origin cell is no origin: the store names it.
        #expect(second.origin == nil && second.originField?.line == 3)
        #expect(second.definition == nil && second.theme == nil)
        // Without an origin column every category is emergent.
        let plain = StudyDatabase.categoryRow(records[1], name: 0, columns: ["name": 0])
        #expect(plain.origin == .emergent && plain.originField == nil)
    }

    @Test func codeRowsTakeTheExcerptWhenThereIsNoCode() throws {
        let records = try records("""
            participant,in_vivo_code,excerpt,category,level
             P01 ,,  é difícil achar  ,Busca,
            P02,rápido,foi rápido,,senior

            """)
        let columns = ["participant": 0, "code": 1, "excerpt": 2, "category": 3]
        let first = StudyDatabase.codeRow(records[0], participant: 0, category: 3, columns: columns, attributeColumns: [(4, "level")])
        #expect(first.participant == "P01" && first.code == "é difícil achar" && first.excerpt == "é difícil achar")
        #expect(first.category == "Busca" && first.attributes.isEmpty && first.coder == nil)
        let second = StudyDatabase.codeRow(records[1], participant: 0, category: 3, columns: columns, attributeColumns: [(4, "level")])
        #expect(second.code == "rápido" && second.category == nil && second.categoryField.value.isEmpty && second.categoryField.line == 3)
        #expect(second.attributes.count == 1 && second.attributes[0].name == "level" && second.attributes[0].given == "senior")
    }
}
