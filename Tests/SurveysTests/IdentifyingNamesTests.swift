import Testing
import Surveys

/// Attribute names that look identifying, in English and Portuguese, whole or as one of their words.
@Suite struct IdentifyingNamesTests {
    @Test(arguments: ["name", "Nome", "nome completo", "participant_name", "E-mail", "email", "Telefone", "phone number", "CPF", "Endereço",
                      "WhatsApp", "first-name"])
    func looksIdentifying(_ attribute: String) {
        #expect(IdentifyingNames.looksIdentifying(attribute))
    }

    @Test(arguments: ["level", "nível", "years_ios", "idade", "namespace", "renome", "group", "device"])
    func doesNotLookIdentifying(_ attribute: String) {
        #expect(!IdentifyingNames.looksIdentifying(attribute))
    }
}
