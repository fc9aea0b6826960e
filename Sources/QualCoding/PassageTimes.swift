/// When a passage of a timed transcript was said, in milliseconds of the recording: the one rule every output of a
/// coded passage's times follows (`code list`, the page, clips, the timeline and the REFI-QDA export's sync points),
/// so that one excerpt never ends at two times.
///
/// A position takes the time of its place in the timed turn that holds it, by linear interpolation between the turn's
/// start and end (REFI gives a selection no time of its own; QualCoder approximates the same way from its text time
/// stamps, refi.py `get_transcript_syncpoints`). A turn with a start and no end is a moment.
public enum PassageTimes {
    /// The start and end of `span`, or nil when no turn has a time.
    public static func of(_ span: Range<Int>, in turns: [TranscriptTurn]) -> (start: Int, end: Int)? {
        guard let start = time(at: span.lowerBound, in: turns, opening: true),
              let end = time(at: span.upperBound, in: turns, opening: false) else { return nil }
        return (start, max(start, end))
    }

    /// The time of a character position. Where two turns meet, a passage's start (`opening`) takes the later turn's
    /// start and its end the earlier turn's end; a position between turns takes the end of the last turn before it
    /// (the start of the first, before any).
    public static func time(at position: Int, in turns: [TranscriptTurn], opening: Bool) -> Int? {
        let timed = turns.filter { $0.start != nil }
        guard !timed.isEmpty else { return nil }
        let holding = timed.filter { $0.spanStart <= position && position <= $0.spanEnd }
        let inside = holding.first { opening ? position < $0.spanEnd : position > $0.spanStart } ?? holding.first
        if let turn = inside, let start = turn.start {
            let end = max(turn.end ?? start, start)
            let length = turn.spanEnd - turn.spanStart
            guard length > 0, end > start else { return start }
            return start + Int((Double(end - start) * Double(position - turn.spanStart) / Double(length)).rounded())
        }
        if let before = timed.last(where: { $0.spanEnd <= position }), let start = before.start { return max(before.end ?? start, start) }
        return timed[0].start
    }
}
