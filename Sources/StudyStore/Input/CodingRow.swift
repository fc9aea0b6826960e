import QualCoding

/// The store's input for a codebook import (`storeCategories`): one row of a codebook table as the importing layer
/// read it, the category's name, its origin, definition and theme. Whether the codebook has the name already, and
/// whether the themes name categories, is the store's.
public struct CategoryRow {
    /// The name cell (stored as typed), for where messages point, and the name trimmed (what is compared).
    public var field: SourceCell
    public var name: String
    public var line: Int
    /// The origin read (a reference, or emergent when there is no origin column), or `nil` when the origin cell is
    /// none; `originField` is that cell.
    public var origin: CategoryOrigin?
    public var originField: SourceCell?
    /// The definition, trimmed; `nil` when empty.
    public var definition: String?
    /// The theme cell and the category it names, trimmed, when not empty.
    public var theme: (field: SourceCell, name: String)?

    public init(field: SourceCell, name: String, line: Int, origin: CategoryOrigin?, originField: SourceCell?, definition: String?,
                theme: (field: SourceCell, name: String)?) {
        self.field = field
        self.name = name
        self.line = line
        self.origin = origin
        self.originField = originField
        self.definition = definition
        self.theme = theme
    }
}

/// The store's input for a code import (`storeCodes`): one row of a codes table as the importing layer read it,
/// whose code it is, the code or excerpt, its category, coder and memo, and the cells naming participant
/// attributes. Whether the participant exists and has those attributes is the store's.
public struct CodeRow {
    /// The participant cell, for where messages point, and the code trimmed.
    public var participantField: SourceCell
    public var participant: String
    /// Cells of columns named like one of the study's participant attributes, when not empty: the cell, the
    /// attribute's name and what was typed, trimmed.
    public var attributes: [(field: SourceCell, name: String, given: String)]
    /// The in-vivo code (the excerpt when there is none), the excerpt, the category, the coder and the memo, each
    /// trimmed; `nil` when empty.
    public var code: String?
    public var excerpt: String?
    public var category: String?
    public var categoryField: SourceCell
    public var coder: String?
    public var memo: String?

    public init(participantField: SourceCell, participant: String, attributes: [(field: SourceCell, name: String, given: String)], code: String?,
                excerpt: String?, category: String?, categoryField: SourceCell, coder: String?, memo: String?) {
        self.participantField = participantField
        self.participant = participant
        self.attributes = attributes
        self.code = code
        self.excerpt = excerpt
        self.category = category
        self.categoryField = categoryField
        self.coder = coder
        self.memo = memo
    }
}
