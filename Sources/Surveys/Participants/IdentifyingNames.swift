import Foundation

/// Attribute names that say the values identify a person (a name, an e-mail, a phone number, a Brazilian CPF), in
/// English and Portuguese: an export that prints such an attribute warns, since it is not marked identifying.
public enum IdentifyingNames {
    /// The words, folded (lower case, no accents).
    static let words: Set<String> = [
        "name", "names", "firstname", "lastname", "surname", "fullname", "nome", "nomes", "sobrenome", "nomecompleto", "apelido",
        "email", "mail", "phone", "telephone", "mobile", "cellphone", "telefone", "celular", "whatsapp", "fone",
        "cpf", "rg", "cnpj", "ssn", "passport", "passaporte", "address", "endereco", "cep", "zipcode",
    ]

    /// Whether `attribute` is named like an identifying attribute: the whole name or one of its words (`e-mail`,
    /// `participant_name`, `Nome completo`).
    public static func looksIdentifying(_ attribute: String) -> Bool {
        let folded = attribute.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
        let parts = folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        return !words.isDisjoint(with: parts + [parts.joined()])
    }
}
