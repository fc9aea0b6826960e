import Foundation

/// A codebook's themes: a category with categories under it (its sub-categories, at any depth) is a theme.
///
/// A theme's total counts what was coded in the theme itself or any category under it, each participant once and
/// each code once: a participant coded in two categories of one theme raised the theme once, not twice (the unit of
/// analysis is the participant; Saldaña 2021, ch. 1, on categories subsuming codes).
public struct ThemeTree: Sendable, Equatable {
    /// Category → its theme (its parent category).
    public var parents: [String: String]
    /// The codebook's categories in order.
    public var order: [String]

    public init(parents: [String: String], order: [String]) {
        self.parents = parents
        self.order = order
    }

    /// The themes (categories with at least one category under them), in codebook order.
    public var themes: [String] {
        let parentSet = Set(parents.values)
        return order.filter { parentSet.contains($0) }
    }

    /// The theme itself and every category under it, at any depth, in codebook order. A cycle (which the store
    /// refuses) cannot make this loop: each category is visited once.
    public func members(of theme: String) -> [String] {
        var inside: Set<String> = [theme]
        var changed = true
        while changed {
            changed = false
            for (child, parent) in parents where inside.contains(parent) && !inside.contains(child) {
                inside.insert(child)
                changed = true
            }
        }
        return order.filter { inside.contains($0) }
    }

    /// How deep a category sits: 0 for one without a theme.
    public func depth(of category: String) -> Int {
        var depth = 0
        var seen: Set<String> = [category]
        var current = category
        while let parent = parents[current], !seen.contains(parent) {
            depth += 1
            seen.insert(parent)
            current = parent
        }
        return depth
    }
}

/// A theme's total in the frequency table.
public struct ThemeTotal: Sendable, Equatable, Codable {
    public var theme: String
    /// The theme and the categories under it whose codes the total counts.
    public var categories: [String]
    /// Distinct codes in those categories (a code in two of them counts once); distinct participants.
    public var overall: CategoryCount
    /// Per group, in the table's `groups` order.
    public var groups: [CategoryCount]
}

extension CodeAnalysis {
    /// Each theme's total: the codes in the theme or any category under it, each code once, and the participants
    /// who raised any of them, each participant once — not the sum of the categories' counts.
    public static func themeTotals(_ segments: [CodedSegment], tree: ThemeTree, participants: [String: String?],
                                   groups: [String]) -> [ThemeTotal] {
        let everyone = Set(participants.keys)
        let membersByGroup = groups.map { group in Set(participants.filter { $0.value == group }.keys) }
        return tree.themes.map { theme in
            let inside = Set(tree.members(of: theme))
            let coded = segments.filter { inside.contains($0.category) }
            func count(_ members: Set<String>) -> CategoryCount {
                let mine = coded.filter { members.contains($0.participant) }
                let codes = Set(mine.map { CodeKey($0) }).count
                let raised = Set(mine.map(\.participant)).count
                return CategoryCount(segments: codes, participants: raised,
                                     share: members.isEmpty ? 0 : Double(raised) / Double(members.count), denominator: members.count)
            }
            return ThemeTotal(theme: theme, categories: tree.members(of: theme), overall: count(everyone), groups: membersByGroup.map(count))
        }
    }

    /// Theme × participant: how many codes each participant has in the theme or any category under it, each code once.
    public static func themeMatrix(_ segments: [CodedSegment], tree: ThemeTree, participants: [String]) -> [[Int]] {
        tree.themes.map { theme in
            let inside = Set(tree.members(of: theme))
            let coded = segments.filter { inside.contains($0.category) }
            return participants.map { participant in
                Set(coded.filter { $0.participant == participant }.map { CodeKey($0) }).count
            }
        }
    }

    /// Per category, each coder's own count: their codes and the participants they coded in it.
    public static func perCoder(_ segments: [CodedSegment], categories: [String], coders: [String],
                                participants: [String: String?]) -> [[CategoryCount]] {
        let everyone = Set(participants.keys)
        return categories.map { category in
            coders.map { coder in
                let mine = segments.filter { $0.category == category && $0.coder == coder && everyone.contains($0.participant) }
                let raised = Set(mine.map(\.participant)).count
                return CategoryCount(segments: mine.count, participants: raised,
                                     share: everyone.isEmpty ? 0 : Double(raised) / Double(everyone.count), denominator: everyone.count)
            }
        }
    }

    /// One code as the counts tell codes apart: a coder's code on an excerpt (a code in two categories is one code).
    struct CodeKey: Hashable {
        var excerpt: Int64; var coder: String?; var code: Int64?
        init(_ segment: CodedSegment) { excerpt = segment.excerpt; coder = segment.coder; code = segment.code }
    }
}

/// The categories a filter by category means: each one named and, for a theme, every category under it at any depth
/// (a theme's passages are its sub-categories' too, as the Quotes tab and `code list --category` count them).
public enum CategoryFamily {
    /// `names` (matched ignoring case, spelled as the codebook spells them) each followed by the categories under it,
    /// in codebook order, each once; a name the codebook lacks is kept as typed (for the caller to refuse).
    public static func expanding(_ names: [String], in codebook: [(name: String, theme: String?)]) -> [String] {
        var result: [String] = []
        for name in names {
            for member in of(name, in: codebook) where !result.contains(member) { result.append(member) }
        }
        return result
    }

    /// One category (as the codebook spells it) and the categories under it, in codebook order.
    public static func of(_ category: String, in codebook: [(name: String, theme: String?)]) -> [String] {
        var family = [codebook.first { $0.name.caseInsensitiveCompare(category) == .orderedSame }?.name ?? category]
        var grown = true
        while grown {
            grown = false
            for entry in codebook where !family.contains(entry.name) {
                if let theme = entry.theme, family.contains(where: { $0.caseInsensitiveCompare(theme) == .orderedSame }) {
                    family.append(entry.name)
                    grown = true
                }
            }
        }
        return [family[0]] + codebook.map(\.name).filter { family.dropFirst().contains($0) }
    }
}
