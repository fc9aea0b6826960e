import Foundation

/// A media (stimulus) as stored: its name, its image when registered, and its size in pixels.
public struct GazeMedia: Sendable, Equatable, Codable {
    public var name: String
    public var imageType: String?
    public var imageFile: String?
    public var width: Int?
    public var height: Int?
    public var recordings: Int
    public var aois: Int

    public init(name: String, imageType: String? = nil, imageFile: String? = nil, width: Int? = nil, height: Int? = nil, recordings: Int, aois: Int) {
        self.name = name
        self.imageType = imageType
        self.imageFile = imageFile
        self.width = width
        self.height = height
        self.recordings = recordings
        self.aois = aois
    }
}
