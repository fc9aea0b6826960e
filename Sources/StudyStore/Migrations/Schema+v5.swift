import GRDB

/// Eye tracking, second step: the stimulus image of a media (PNG or JPEG bytes, kept as given, with its type), the
/// AOIs the export's hit columns marked for each fixation, and how each recording's fixations were found (the
/// export's own filter, or studyctl's I-VT filter with its parameters).
enum SchemaV5 {
    static let identifier = "v5-gaze-media-and-filters"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE gaze_media ADD COLUMN image BLOB;
            ALTER TABLE gaze_media ADD COLUMN image_type TEXT CHECK (image_type IN ('png', 'jpeg'));
            ALTER TABLE gaze_media ADD COLUMN image_file TEXT;
            -- Names of the export's AOIs hit during the fixation, separated by U+001F; NULL for none.
            ALTER TABLE gaze_fixation ADD COLUMN aoi_hits TEXT;
            -- What found the fixations: the export's filter (Studio's FixationFilter column when present) or
            -- "studyctl I-VT" followed by its parameters.
            ALTER TABLE gaze_recording ADD COLUMN fixation_filter TEXT;
            """)
    }
}
