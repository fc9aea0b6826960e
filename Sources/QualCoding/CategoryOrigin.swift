import Foundation

/// Where a codebook category comes from: a work in the literature (defined a priori) or the data (emergent).
public enum CategoryOrigin: Sendable, Hashable, Codable {
    case literature(reference: String)
    case emergent

    /// Reads what a researcher writes for an origin: `emergent` (also `emergente`), or a reference such as
    /// `Myllärniemi et al. (2018)`. Empty text is no origin at all.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        switch trimmed.lowercased() {
        case "emergent", "emergente", "emergentes", "emergents": self = .emergent
        default: self = .literature(reference: trimmed)
        }
    }

    /// The reference for a literature category; `nil` for an emergent one.
    public var reference: String? {
        if case let .literature(reference) = self { return reference }
        return nil
    }
}
