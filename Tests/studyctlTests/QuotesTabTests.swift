import Foundation
import Testing

/// The workspace's Quotes tab asks `GET /api/quotes` for what `code list --category C --where A=V --context N` lists:
/// the same passages, counts and contexts, the asking coder's own, and the same refusals in the study's language.
@Suite(.serialized) struct QuotesTabTests {
    static let category = "Informações Insuficientes"

    /// `text` for a query string: everything but letters and digits escaped (the `=` inside `where` too).
    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The quotes of `code list --json` (and of the API, which groups them the same way), in order.
    static func listed(_ book: [String: Any]) -> [[String: Any]] {
        ((book["themes"] as? [[String: Any]]) ?? []).flatMap { ($0["categories"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["quotes"] as? [[String: Any]]) ?? [] }
    }

    @Test func theTabsQuotesAreCodeListsForACategoryAndALevel() throws {
        let cli = try QuoteCommandTests().study()
        // Another coder's passage of the category, for an Iniciante: never in Autora's quotes (coding is blind).
        try cli.succeed(["code", "add", "P1", "--excerpt", "Seria bom traduzir a documentação", "--code", "traduzir",
                         "--category", Self.category, "--coder", "Bia"])
        func codeList(_ extra: [String]) throws -> [String: Any] {
            let out = try cli.succeed(["code", "list", "--category", Self.category, "--where", "level=Iniciante", "--coder", "Autora", "--json"] + extra)
            return try #require((try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])?["quotes"] as? [String: Any], "\(out)")
        }
        let plain = try codeList([])
        let sentences = try codeList(["--context", "1s"])
        let words = try codeList(["--context", "10"])

        let (server, port, token) = try MediaServeTests.serve(cli)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        func quotes(_ query: String) throws -> (status: Int, json: [String: Any], text: String) {
            let response = try RawHTTP.get(port: port, "/api/quotes?" + query, headers: ["X-Studyctl-Token": token])
            let text = String(decoding: response.body, as: UTF8.self)
            return (response.status, (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:], text)
        }
        let base = "category=\(Self.escaped(Self.category))&coder=Autora&where=\(Self.escaped("level=Iniciante"))"

        for (context, book) in [("", plain), ("1s", sentences), ("10", words)] {
            let answer = try quotes(base + "&context=" + context)
            #expect(answer.status == 200, "\(answer.text)")
            let expected = Self.listed(book)
            let got = try #require(answer.json["quotes"] as? [[String: Any]], "\(answer.text)")
            #expect(got.map { $0["id"] as? Int } == expected.map { $0["id"] as? Int }, "context \(context): \(answer.text)")
            #expect(got.map { $0["participant"] as? String } == expected.map { $0["participant"] as? String })
            #expect(got.map { $0["excerpt"] as? String } == expected.map { $0["excerpt"] as? String })
            #expect(got.map { $0["context"] as? [String: AnyHashable] } == expected.map { $0["context"] as? [String: AnyHashable] }, "context \(context)")
            #expect(answer.json["passages"] as? Int == book["passages"] as? Int && answer.json["participants"] as? Int == book["participants"] as? Int)
        }
        // code list's own count for this selection (QuoteCommandTests): 5 passages of 2 participants, none of them Bia's.
        #expect(plain["passages"] as? Int == 5 && plain["participants"] as? Int == 2)
        #expect(!Self.listed(plain).contains { $0["coder"] as? String == "Bia" })

        // The sentence around P1's passage, ready to set around it; the participant's attribute as a Portuguese reader reads it.
        let around = try quotes(base + "&context=1s").json
        let p1 = try #require((around["quotes"] as? [[String: Any]])?.first { ($0["excerpt"] as? String)?.hasPrefix("senti falta") == true })
        // 1s: the sentence it lies in and one on each side (the moderator's question before it).
        #expect(p1["before"] as? String == "Entrevistadora: Como foi usar o UITracking? P1: Olha, ", "\(p1)")
        #expect((p1["after"] as? String)?.hasPrefix(". UIKit me complicou demais, e não entendi bem o evento.") == true, "\(p1)")
        #expect((p1["attributes"] as? [String: String])?["years_ios"] == "0,5", "\(p1)")
        #expect((p1["attributes"] as? [String: String])?["level"] == "Iniciante")

        // The values offered: every attribute, a derived one in its rule's order.
        let offered = try #require(around["attributes"] as? [[String: Any]])
        #expect(offered.map { $0["name"] as? String } == ["level", "years_experience", "years_ios"])
        let levels = (offered[0]["values"] as? [[String: String]])?.map { $0["value"] }
        #expect(levels == ["Iniciante", "Intermediário", "Avançado"], "\(offered[0])")

        // Blind coding: Bia sees her one passage; a coder not in the study sees none, and no refusal.
        let bia = try quotes("category=\(Self.escaped(Self.category))&coder=Bia&where=\(Self.escaped("level=Iniciante"))")
        #expect((bia.json["quotes"] as? [[String: Any]])?.map { $0["code"] as? String } == ["traduzir"], "\(bia.text)")
        #expect(bia.json["passages"] as? Int == 1)
        let newcomer = try quotes("category=\(Self.escaped(Self.category))&coder=Caio")
        #expect(newcomer.status == 200 && (newcomer.json["quotes"] as? [Any])?.isEmpty == true, "\(newcomer.text)")

        // An unknown attribute or value, a malformed condition or context: refused in the study's language (pt-BR).
        let attribute = try quotes("category=\(Self.escaped(Self.category))&coder=Autora&where=\(Self.escaped("nivel=Iniciante"))")
        #expect(attribute.status == 422)
        #expect(attribute.text.contains("Não há o atributo de participante 'nivel' (atributos: level, years_experience, years_ios)."), "\(attribute.text)")
        let value = try quotes("category=\(Self.escaped(Self.category))&coder=Autora&where=\(Self.escaped("level=Mestre"))")
        #expect(value.status == 422)
        #expect(value.text.contains("Nenhum participante tem level = 'Mestre' (valores: Iniciante, Intermediário, Avançado)."), "\(value.text)")
        let malformed = try quotes("category=\(Self.escaped(Self.category))&coder=Autora&where=Iniciante")
        #expect(malformed.status == 422 && malformed.text.contains("Informe um atributo de participante e seu valor como atributo=valor; 'Iniciante'"), "\(malformed.text)")
        let context = try quotes(base + "&context=3x")
        #expect(context.status == 422 && context.text.contains("Informe o contexto como um número de palavras"), "\(context.text)")
        let category = try quotes("category=Nada&coder=Autora")
        #expect(category.status == 422 && category.text.contains("Não há a categoria 'Nada' no livro de códigos"), "\(category.text)")
    }

    @Test func codeListRefusesAValueNoParticipantHas() throws {
        let cli = try QuoteCommandTests().study()
        let refused = try cli.fail(["code", "list", "--where", "level=Mestre"])
        #expect(refused.stderr.contains("No participant has level = 'Mestre' (values: Iniciante, Intermediário, Avançado)."), "\(refused.stderr)")
        let any = try cli.succeed(["code", "list", "--where", "LEVEL=iniciante"])
        #expect(any.contains("Coded passages: 14; participants: 2"), "names and values match ignoring case: \(any)")
    }
}
