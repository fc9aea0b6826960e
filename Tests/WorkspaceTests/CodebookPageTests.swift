import Foundation
import Hummingbird
import HummingbirdTesting
import StudyStore
import Testing
@testable import Workspace

/// The codebook's changes from the page, a coded passage's ends, the palette and blind counts.
@Suite struct CodebookPageTests {
    let endpoints = WorkspaceEndpointTests()

    /// 24 categories → 24 colours, none alike to the eye (Oklab distance), each dark text's background (WCAG AAA),
    /// and a category's colour does not change when categories are added after it.
    @Test func paletteNeverRepeatsAColourWithinACodebook() {
        let colours = (0..<24).map(Palette.colour)
        #expect(Set(colours).count == 24)
        for colour in colours { #expect(Palette.contrastWithBlack(colour) >= 7, "\(colour)") }
        var nearest = Double.infinity
        for i in colours.indices {
            for j in colours.indices where j < i {
                let a = Palette.oklab(colours[i]), b = Palette.oklab(colours[j])
                nearest = min(nearest, ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).squareRoot())
            }
        }
        // CSS Color 4 takes ΔE_OK = 0.02 as the just-noticeable difference (its gamut mapping); the palette keeps well above it.
        #expect(nearest > 0.06, "nearest pair \(nearest)")
        #expect(Set((0..<200).map(Palette.colour)).count == 200)
        #expect(Palette.ordered.count > 1000)
        // Oklab of white is (1, 0, 0) (Ottosson 2020).
        let white = Palette.oklab("#ffffff")
        #expect(abs(white.0 - 1) < 1e-4 && abs(white.1) < 1e-4 && abs(white.2) < 1e-4)
        #expect(abs(Palette.contrastWithBlack("#ffffff") - 21) < 1e-9)
    }

    @Test func aCategoryIsChangedFromThePageAndACircleOfThemesIsRefused() async throws {
        let study = try WorkspaceEndpointTests.study()
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addCategory(name: "Menu", definition: "Velho", origin: .emergent, theme: "Navegação")
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            let body = try endpoints.json(["name": "Navegação", "definition": "Como achar o caminho", "origin": "Nielsen (1994)", "rename": "Orientação"])
            try await client.execute(uri: "/api/categories/set", method: .post, headers: endpoints.headers(server, write: true), body: body) { response in
                #expect(response.status == .ok)
                let message = try endpoints.decode(response)["message"] as? String
                #expect(message == "Categoria Orientação alterada")
            }
            let circle = try endpoints.json(["name": "Orientação", "theme": "Menu"])
            try await client.execute(uri: "/api/categories/set", method: .post, headers: endpoints.headers(server, write: true), body: circle) { response in
                #expect(response.status == .unprocessableContent)
                let text = String(buffer: response.body)
                #expect(text.contains("Orientação") && text.contains("Menu"), "\(text)")
            }
            let unknown = try endpoints.json(["name": "Nada", "definition": "x"])
            try await client.execute(uri: "/api/categories/set", method: .post, headers: endpoints.headers(server, write: true), body: unknown) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
        let categories = try study.categories()
        #expect(categories.map(\.name) == ["Orientação", "Menu"])
        #expect(categories[0].definition == "Como achar o caminho" && categories[0].reference == "Nielsen (1994)" && categories[0].theme == nil,
                "the refused circle changed nothing")
        #expect(categories[1].theme == "Orientação")
    }

    @Test func aCodedPassageIsResizedToTheTranscriptsWordsAndTheResizeUndone() async throws {
        let study = try WorkspaceEndpointTests.study()
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        // "O menu é confuso; o menu some." starts after "Olá 👍 café!\r\n" (stored as "Olá 👍 café!\n": 12 scalars).
        let text = try study.transcript(participant: "P1", label: "")
        let scalars = Array(text.unicodeScalars)
        func offset(of phrase: String) -> Int {
            let range = text.range(of: phrase)!
            return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound.samePosition(in: text.unicodeScalars)!)
        }
        let start = offset(of: "menu é confuso")
        let code = try study.addCode(CodeEntry(participant: "P1", excerpt: "menu é confuso", code: "menu é confuso", categories: ["Navegação"],
                                               coder: "ana", span: start..<(start + 14)))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "menu é confuso", code: "confuso", categories: ["Navegação"],
                                        coder: "bia", span: start..<(start + 14)))
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        let wider = offset(of: "O menu é confuso; o menu some")
        let end = wider + "O menu é confuso; o menu some".unicodeScalars.count
        try await app.test(.router) { client in
            // A passage that does not read as sent (the page is out of date) is refused; nothing changes.
            let stale = try endpoints.json(["coder": "ana", "start": wider, "end": end, "excerpt": "O menu era confuso", "page": "p1"])
            try await client.execute(uri: "/api/codings/\(code.id)/span", method: .post, headers: endpoints.headers(server, write: true), body: stale) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("não o trecho enviado") || String(buffer: response.body).contains("not the excerpt sent"))
            }
            // Another coder cannot move ana's passage.
            let wrongCoder = try endpoints.json(["coder": "bia", "start": wider, "end": end, "excerpt": "O menu é confuso; o menu some", "page": "p2"])
            try await client.execute(uri: "/api/codings/\(code.id)/span", method: .post, headers: endpoints.headers(server, write: true), body: wrongCoder) {
                #expect($0.status == .unprocessableContent)
            }
            #expect(try study.codes(coder: "ana")[0].excerpt == "menu é confuso")
            let body = try endpoints.json(["coder": "ana", "start": wider, "end": end, "excerpt": "O menu é confuso; o menu some", "page": "p1"])
            let action = try await client.execute(uri: "/api/codings/\(code.id)/span", method: .post, headers: endpoints.headers(server, write: true), body: body) { response in
                #expect(response.status == .ok)
                return try endpoints.decode(response)["action"] as? Int
            }
            let moved = try study.codes(coder: "ana")[0]
            #expect(moved.excerpt == "O menu é confuso; o menu some" && moved.spanStart == wider && moved.spanEnd == end)
            #expect(moved.code == "O menu é confuso; o menu some", "an in-vivo code that was its whole passage follows it")
            #expect(String(String.UnicodeScalarView(scalars[wider..<end])) == moved.excerpt)
            let other = try study.codes(coder: "bia")[0]
            #expect(other.excerpt == "menu é confuso" && other.spanStart == start, "bia's code stays on its passage")
            // Undo puts the ends (and the code's wording) back.
            let undo = try endpoints.json(["coder": "ana", "page": "p1", "action": try #require(action)])
            try await client.execute(uri: "/api/undo", method: .post, headers: endpoints.headers(server, write: true), body: undo) { #expect($0.status == .ok) }
            let back = try study.codes(coder: "ana")[0]
            #expect(back.excerpt == "menu é confuso" && back.spanStart == start && back.code == "menu é confuso")
        }
    }

    @Test func theStateCarriesOnlyTheAskingCodersCounts() async throws {
        let study = try WorkspaceEndpointTests.study()
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "menu é confuso", categories: ["Navegação"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "o menu some", code: "menu some", categories: ["Navegação"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "confuso", categories: ["Navegação"], coder: "bia"))
        // The store knows both coders' counts (the command line's codebook shows them)...
        let byCoder = try #require(try study.categories()[0].byCoder)
        #expect(byCoder.map(\.coder) == ["ana", "bia"] && byCoder.map(\.codes) == [2, 1] && byCoder.map(\.participants) == [1, 1])
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            // ...the page gets the asker's alone: no per-coder counts, no total of both.
            let body = try await client.execute(uri: "/api/state?coder=bia", method: .get, headers: endpoints.headers(server)) { String(buffer: $0.body) }
            #expect(!body.contains("byCoder"), "\(body)")
            let state = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
            let category = try #require((state["categories"] as? [[String: Any]])?.first)
            #expect(Set(category.keys) == ["name", "origin", "codes", "participants", "colour"], "no other coder's figure: \(category.keys)")
            #expect(category["codes"] as? Int == 1 && category["participants"] as? Int == 1)
            #expect(category["colour"] as? String == Palette.colour(0))
        }
    }
}
