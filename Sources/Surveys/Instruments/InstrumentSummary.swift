/// An instrument as `instrument list` shows it.
///
/// Its JSON is an entry of `instrument list --json` (docs/json.md): `{id, title, version, items, builtin, inStudy,
/// responseSets}`, the title in English.
public struct InstrumentSummary: Sendable, Equatable, Encodable {
    enum CodingKeys: String, CodingKey { case id, title, version, items, builtin, inStudy, responseSets }

    public var id: String
    /// The title in English (`--json`); `titles` has it in every language the definition gives.
    public var title: String
    public var titles: LocalizedText
    public var version: String
    public var items: Int
    public var builtin: Bool
    /// Whether the study holds a copy of the definition (it does once the instrument is used or added).
    public var inStudy: Bool
    public var responseSets: Int

    public init(id: String, title: String, titles: LocalizedText, version: String, items: Int, builtin: Bool, inStudy: Bool, responseSets: Int) {
        self.id = id
        self.title = title
        self.titles = titles
        self.version = version
        self.items = items
        self.builtin = builtin
        self.inStudy = inStudy
        self.responseSets = responseSets
    }
}
