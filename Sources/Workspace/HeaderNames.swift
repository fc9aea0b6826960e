import Hummingbird

/// The header names the workspace reads and writes that HTTPTypes does not offer (`Host` it marks unavailable, in
/// favour of the request's authority, which a proxy or an old client may leave out), each made once from its literal.
enum HeaderName {
    /// HTTPTypes' `HTTPField.Name`, reached through the type Hummingbird exports.
    typealias Name = HTTPFields.Element.Name

    static let host = literal("Host")
    static let referrerPolicy = literal("Referrer-Policy")
    static let studyctlToken = literal("X-Studyctl-Token")

    private static func literal(_ name: String) -> Name {
        Name(name)!  // invariant: called only with the literal tokens above, each a valid header name (RFC 9110 token)
    }
}
