import Foundation
import Media
import StudyStore
import Wording

extension StimulusSize {
    /// The type and size `data`'s header gives (PNG or JPEG), refused with `file` named when it is not an image a
    /// study can hold.
    public init(data: Data, file: String) throws {
        do {
            let header = try StimulusHeader(data: data)
            self.init(type: header.kind.rawValue, width: header.width, height: header.height)
        } catch let problem as StimulusHeader.Problem {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: file), message: problem.sentence)])
        }
    }
}

extension StudyDatabase {
    /// Stores the stimulus image of `media` (PNG or JPEG bytes, kept as given), creating the media when no recording
    /// has named it yet; the size comes from the image's header. The media name is checked before the image.
    public func registerMedia(_ media: String, image data: Data, file: String) throws -> StimulusSize {
        _ = try Self.mediaName(media)
        return try registerMedia(media, image: data, file: file, size: try StimulusSize(data: data, file: file))
    }
}
