import Foundation

/// The languages studyctl writes instruments and reports in.
public enum StudyLanguage: String, Sendable, Codable, CaseIterable {
    case ptBR = "pt-BR"
    case en

    public init?(loose text: String) {
        switch text.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "pt-br", "pt", "pt-brazil", "portuguese", "português": self = .ptBR
        case "en", "en-us", "en-gb", "english": self = .en
        default: return nil
        }
    }
}
