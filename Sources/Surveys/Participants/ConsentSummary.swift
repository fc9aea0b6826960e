/// What a report says of consent and withdrawal: the consent versions participants decided on, how the decisions
/// were taken, and who withdrew (their data removed, or kept anonymised where the consent allowed it).
public struct ConsentSummary: Sendable, Equatable {
    public struct Version: Sendable, Equatable {
        public var version: String
        public var title: String
        public var sha256: String
        public var agreed: Int
        public var declined: Int

        public init(version: String, title: String, sha256: String, agreed: Int, declined: Int) {
            self.version = version
            self.title = title
            self.sha256 = sha256
            self.agreed = agreed
            self.declined = declined
        }
    }

    public var versions: [Version] = []
    /// Decisions per way they were taken (`page`, `paper`, `recorded`).
    public var how: [String: Int] = [:]
    /// Participants who withdrew and whose data was removed.
    public var withdrewRemoved = 0
    /// Participants who withdrew and whose data was kept anonymised.
    public var withdrewAnonymised = 0

    public init(versions: [Version] = [], how: [String: Int] = [:], withdrewRemoved: Int = 0, withdrewAnonymised: Int = 0) {
        self.versions = versions
        self.how = how
        self.withdrewRemoved = withdrewRemoved
        self.withdrewAnonymised = withdrewAnonymised
    }

    public var isEmpty: Bool { versions.isEmpty && withdrewRemoved == 0 && withdrewAnonymised == 0 }
}
