#!/usr/bin/env python3
"""SYNTHETIC eye-tracking data for studyctl's demo and tests — not from any real participant.

Writes, into OUT/:
  stimuli/home.png, stimuli/checkout.png   two web-page mock-ups drawn here (1280 x 800)
  studio/P*.tsv     Tobii Studio 3.x data exports: all 85 columns plus AOI[...]Hit columns, 250 Hz,
                    ms timestamps, validity codes 0-4, the export's own fixations (GazeEventType, FixationIndex)
  prolab/P*.tsv     the same sessions as Tobii Pro Lab exports: µs timestamps, Sensor column (with Mouse rows
                    between the eye-tracker rows), Valid/Invalid, decimal commas, UTF-8 with BOM
  raw/P*.tsv        the same sessions with raw gaze only (no fixation columns), for the I-VT filter
  participants.csv  participant codes with their level (novice / expert)
  aois.csv          the AOIs as rectangles (the same ones the hit columns mark)

Each participant sees home.png, then checkout.png. Fixations are drawn from a gamma distribution of durations
(mean ≈ 250 ms), placed on AOIs with Gaussian scatter; saccades move linearly between them; blinks leave ~120 ms
of invalid samples (validity 4). Deterministic: the same arguments give the same bytes.

Usage: gaze-synthetic.py OUT [--participants 4] [--seconds 200] [--utf16 P1]
"""
import argparse
import math
import os
import random
import struct
import zlib

WIDTH, HEIGHT = 1280, 800
RATE_MS = 4  # 250 Hz (a Tobii Pro Fusion)

AOIS = {
    "home.png": [("Logo", 40, 20, 200, 60), ("Menu", 300, 20, 900, 60), ("Search", 900, 110, 340, 50),
                 ("Banner", 40, 180, 1200, 300), ("Buy button", 520, 520, 240, 70), ("News", 40, 620, 1200, 150)],
    "checkout.png": [("Summary", 860, 60, 380, 460), ("Form", 40, 60, 760, 560), ("Pay button", 860, 560, 380, 80),
                     ("Help", 40, 680, 300, 80)],
}

# Where each level tends to look, in order of interest (weights), per media.
INTEREST = {
    ("home.png", "expert"): [("Menu", 4), ("Search", 3), ("Buy button", 3), ("Logo", 1), ("Banner", 1)],
    ("home.png", "novice"): [("Banner", 4), ("News", 3), ("Logo", 2), ("Menu", 2), ("Buy button", 1), (None, 2)],
    ("checkout.png", "expert"): [("Form", 4), ("Pay button", 3), ("Summary", 2)],
    ("checkout.png", "novice"): [("Form", 3), ("Summary", 3), ("Help", 2), ("Pay button", 1), (None, 2)],
}

STUDIO_COLUMNS = """ExportDate StudioVersionRec StudioProjectName StudioTestName ParticipantName RecordingName RecordingDate
RecordingDuration RecordingResolution PresentationSequence FixationFilter MediaName MediaPosX_(ADCSpx) MediaPosY_(ADCSpx)
MediaWidth MediaHeight SegmentName SegmentStart SegmentEnd SegmentDuration SceneName SceneSegmentStart SceneSegmentEnd
SceneSegmentDuration RecordingTimestamp LocalTimeStamp EyeTrackerTimestamp MouseEventIndex MouseEvent MouseEventX_(ADCSpx)
MouseEventY_(ADCSpx) MouseEventX_(MCSpx) MouseEventY_(MCSpx) KeyPressEventIndex KeyPressEvent StudioEventIndex StudioEvent
StudioEventData ExternalEventIndex ExternalEvent ExternalEventValue EventMarkerValue FixationIndex SaccadeIndex GazeEventType
GazeEventDuration FixationPointX_(MCSpx) FixationPointY_(MCSpx) SaccadicAmplitude AbsoluteSaccadicDirection
RelativeSaccadicDirection GazePointIndex GazePointLeftX_(ADCSpx) GazePointLeftY_(ADCSpx) GazePointRightX_(ADCSpx)
GazePointRightY_(ADCSpx) GazePointX_(ADCSpx) GazePointY_(ADCSpx) GazePointX_(MCSpx) GazePointY_(MCSpx) GazePointLeftX_(ADCSmm)
GazePointLeftY_(ADCSmm) GazePointRightX_(ADCSmm) GazePointRightY_(ADCSmm) StrictAverageGazePointX_(ADCSmm)
StrictAverageGazePointY_(ADCSmm) EyePosLeftX_(ADCSmm) EyePosLeftY_(ADCSmm) EyePosLeftZ_(ADCSmm) EyePosRightX_(ADCSmm)
EyePosRightY_(ADCSmm) EyePosRightZ_(ADCSmm) CamLeftX CamLeftY CamRightX CamRightY DistanceLeft DistanceRight PupilLeft
PupilRight ValidityLeft ValidityRight IRMarkerCount IRMarkerID PupilGlassesRight""".split()
STUDIO_COLUMNS = [c.replace("_", " ") for c in STUDIO_COLUMNS]

PROLAB_COLUMNS = """Recording_timestamp Computer_timestamp Sensor Project_name Export_date Participant_name Recording_name
Recording_date Recording_start_time Recording_duration Timeline_name Recording_Fixation_filter_name Recording_software_version
Recording_resolution_height Recording_resolution_width Recording_monitor_latency Eyetracker_timestamp Event Event_value
Gaze_point_X Gaze_point_Y Gaze_point_left_X Gaze_point_left_Y Gaze_point_right_X Gaze_point_right_Y Gaze_direction_left_X
Gaze_direction_left_Y Gaze_direction_left_Z Gaze_direction_right_X Gaze_direction_right_Y Gaze_direction_right_Z
Pupil_diameter_left Pupil_diameter_right Validity_left Validity_right Eye_position_left_X_(DACSmm)
Eye_position_left_Y_(DACSmm) Eye_position_left_Z_(DACSmm) Eye_position_right_X_(DACSmm) Eye_position_right_Y_(DACSmm)
Eye_position_right_Z_(DACSmm) Gaze_point_left_X_(DACSmm) Gaze_point_left_Y_(DACSmm) Gaze_point_right_X_(DACSmm)
Gaze_point_right_Y_(DACSmm) Gaze_point_X_(MCSnorm) Gaze_point_Y_(MCSnorm) Presented_Stimulus_name Presented_Media_name
Presented_Media_width Presented_Media_height Presented_Media_position_X_(DACSpx) Presented_Media_position_Y_(DACSpx)
Original_Media_width Original_Media_height Eye_movement_type Gaze_event_duration Eye_movement_type_index Fixation_point_X
Fixation_point_Y Fixation_point_X_(MCSnorm) Fixation_point_Y_(MCSnorm) Mouse_position_X Mouse_position_Y""".split()
PROLAB_COLUMNS = [c.replace("_", " ") for c in PROLAB_COLUMNS]


def png(path, pixels, width, height):
    """Writes 8-bit RGB rows as a PNG (zlib is the only codec needed)."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw_stimulus(path, media):
    """A flat mock-up: white page, each AOI a tinted block with darker 'text lines'."""
    colours = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193)]
    rows = [bytearray(b"\xff\xff\xff" * WIDTH) for _ in range(HEIGHT)]
    for index, (_, x, y, w, h) in enumerate(AOIS[media]):
        r, g, b = colours[index % len(colours)]
        light = (255 - (255 - r) // 4, 255 - (255 - g) // 4, 255 - (255 - b) // 4)
        for yy in range(y, min(HEIGHT, y + h)):
            row = rows[yy]
            line = (yy - y) % 24 in (8, 9, 10, 11) and yy < y + h - 10
            for xx in range(x, min(WIDTH, x + w)):
                edge = xx in (x, x + w - 1) or yy in (y, y + h - 1)
                text = line and x + 12 <= xx < x + w - 12 - ((yy - y) * 37 % 90)
                colour = (r, g, b) if edge or text else light
                row[3 * xx:3 * xx + 3] = bytes(colour)
    png(path, rows, WIDTH, HEIGHT)


def session(rng, code, level, seconds):
    """The samples of one participant: (media, t_ms, x, y, valid, event, event_index, fixation_id)."""
    samples = []
    t = 0
    fixation_id = 0
    for media in ("home.png", "checkout.png"):
        end = t + seconds * 1000 // 2
        interest = INTEREST[(media, level)]
        targets = [name for name, weight in interest for _ in range(weight)]
        boxes = {name: (x, y, w, h) for name, x, y, w, h in AOIS[media]}
        x, y = WIDTH / 2, HEIGHT / 2
        saccade_index = 0
        while t < end:
            target = rng.choice(targets)
            if target is None:
                nx, ny = rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT)
            else:
                bx, by, bw, bh = boxes[target]
                nx = min(WIDTH - 1, max(0, rng.gauss(bx + bw / 2, bw / 5)))
                ny = min(HEIGHT - 1, max(0, rng.gauss(by + bh / 2, bh / 5)))
            # Saccade: 20-60 ms, linear.
            saccade = RATE_MS * rng.randint(5, 15)
            saccade_index += 1
            steps = saccade // RATE_MS
            for step in range(steps):
                share = (step + 1) / (steps + 1)
                samples.append((media, t, x + (nx - x) * share, y + (ny - y) * share, True, "Saccade", saccade_index, None))
                t += RATE_MS
            # Sometimes a blink: ~120 ms invalid.
            if rng.random() < 0.08:
                for _ in range(rng.randint(25, 35)):
                    samples.append((media, t, None, None, False, "Unclassified", None, None))
                    t += RATE_MS
            duration = max(80, int(rng.gammavariate(4.0, 62.5)))
            fixation_id += 1
            jitter = 6 if level == "expert" else 9
            for _ in range(duration // RATE_MS):
                samples.append((media, t, rng.gauss(nx, jitter), rng.gauss(ny, jitter), True, "Fixation", fixation_id, fixation_id))
                t += RATE_MS
            x, y = nx, ny
        t += 500  # a pause between the two pages
    return samples


def hit(media, name, x, y):
    for aoi, bx, by, bw, bh in AOIS[media]:
        if aoi == name:
            return bx <= x <= bx + bw and by <= y <= by + bh
    return False


def number(value, comma):
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if comma else text


def write_exports(out, code, level, samples, utf16):
    names = [name for media in AOIS for name, *_ in AOIS[media]]
    names = list(dict.fromkeys(names))
    # Fixation centroids and durations, as Tobii writes them on every sample of a fixation.
    sums = {}
    for media, t, x, y, valid, event, index, fixation in samples:
        if fixation is not None:
            s = sums.setdefault(fixation, [0.0, 0.0, 0])
            s[0] += x; s[1] += y; s[2] += 1
    centre = {k: (v[0] / v[2], v[1] / v[2], v[2] * RATE_MS) for k, v in sums.items()}

    studio_header = STUDIO_COLUMNS + [f"AOI[{name}]Hit" for name in names]
    col = {name: i for i, name in enumerate(studio_header)}
    lines = ["\t".join(studio_header)]
    for n, (media, t, x, y, valid, event, index, fixation) in enumerate(samples):
        row = [""] * len(studio_header)
        row[col["ExportDate"]] = "22/11/2026"
        row[col["StudioVersionRec"]] = "3.4.8"
        row[col["StudioProjectName"]] = "Loja (synthetic)"
        row[col["StudioTestName"]] = "Test1"
        row[col["ParticipantName"]] = code
        row[col["RecordingName"]] = "Rec " + code
        row[col["RecordingDate"]] = "22/11/2026"
        row[col["RecordingResolution"]] = f"{WIDTH} x {HEIGHT}"
        row[col["FixationFilter"]] = "I-VT filter"
        row[col["MediaName"]] = media
        row[col["MediaPosX (ADCSpx)"]] = "0"
        row[col["MediaPosY (ADCSpx)"]] = "0"
        row[col["MediaWidth"]] = str(WIDTH)
        row[col["MediaHeight"]] = str(HEIGHT)
        row[col["RecordingTimestamp"]] = str(t)
        row[col["EyeTrackerTimestamp"]] = str(1_000_000_000 + t * 1000)
        row[col["GazePointIndex"]] = str(n + 1)
        row[col["GazeEventType"]] = event
        if event == "Fixation":
            cx, cy, dur = centre[fixation]
            row[col["FixationIndex"]] = str(index)
            row[col["GazeEventDuration"]] = str(dur)
            row[col["FixationPointX (MCSpx)"]] = str(round(cx))
            row[col["FixationPointY (MCSpx)"]] = str(round(cy))
        elif event == "Saccade":
            row[col["SaccadeIndex"]] = str(index)
        if valid:
            for c in ("GazePointX (ADCSpx)", "GazePointX (MCSpx)", "GazePointLeftX (ADCSpx)", "GazePointRightX (ADCSpx)"):
                row[col[c]] = str(round(x))
            for c in ("GazePointY (ADCSpx)", "GazePointY (MCSpx)", "GazePointLeftY (ADCSpx)", "GazePointRightY (ADCSpx)"):
                row[col[c]] = str(round(y))
            row[col["DistanceLeft"]] = row[col["DistanceRight"]] = "650"
            row[col["PupilLeft"]] = row[col["PupilRight"]] = "3.1"
            row[col["ValidityLeft"]] = row[col["ValidityRight"]] = "0"
        else:
            row[col["ValidityLeft"]] = row[col["ValidityRight"]] = "4"
        for name in names:
            defined = any(aoi == name for aoi, *_ in AOIS[media])
            row[col[f"AOI[{name}]Hit"]] = ("1" if valid and hit(media, name, x, y) else "0") if defined else ""
        lines.append("\t".join(row))
    text = "\r\n".join(lines) + "\r\n"
    path = os.path.join(out, "studio", f"{code}.tsv")
    with open(path, "wb") as f:
        f.write(b"\xff\xfe" + text.encode("utf-16-le") if utf16 else text.encode("utf-8"))

    prolab_header = PROLAB_COLUMNS + [f"AOI hit [{media} - {name}]" for media in AOIS for name, *_ in AOIS[media]]
    col = {name: i for i, name in enumerate(prolab_header)}
    lines = ["\t".join(prolab_header)]
    for n, (media, t, x, y, valid, event, index, fixation) in enumerate(samples):
        row = [""] * len(prolab_header)
        row[col["Recording timestamp"]] = str(t * 1000)
        row[col["Computer timestamp"]] = str(5_000_000_000 + t * 1000)
        row[col["Sensor"]] = "Eye Tracker"
        row[col["Project name"]] = "Loja (synthetic)"
        row[col["Participant name"]] = code
        row[col["Recording name"]] = "Rec " + code
        row[col["Timeline name"]] = "Timeline1"
        row[col["Recording Fixation filter name"]] = "Tobii I-VT (Fixation)"
        row[col["Recording resolution height"]] = str(HEIGHT)
        row[col["Recording resolution width"]] = str(WIDTH)
        row[col["Presented Stimulus name"]] = media
        row[col["Presented Media name"]] = media
        row[col["Presented Media width"]] = str(WIDTH)
        row[col["Presented Media height"]] = str(HEIGHT)
        row[col["Eye movement type"]] = "EyesNotFound" if not valid else event
        if event == "Fixation":
            cx, cy, dur = centre[fixation]
            row[col["Gaze event duration"]] = str(dur)
            row[col["Eye movement type index"]] = str(index)
            row[col["Fixation point X"]] = str(round(cx))
            row[col["Fixation point Y"]] = str(round(cy))
            row[col["Fixation point X (MCSnorm)"]] = number(round(cx) / WIDTH, True)
            row[col["Fixation point Y (MCSnorm)"]] = number(round(cy) / HEIGHT, True)
        elif event == "Saccade":
            row[col["Eye movement type index"]] = str(index)
        if valid:
            row[col["Gaze point X"]] = str(round(x))
            row[col["Gaze point Y"]] = str(round(y))
            row[col["Gaze point X (MCSnorm)"]] = number(round(x) / WIDTH, True)
            row[col["Gaze point Y (MCSnorm)"]] = number(round(y) / HEIGHT, True)
            row[col["Pupil diameter left"]] = row[col["Pupil diameter right"]] = "3,1"
            row[col["Validity left"]] = row[col["Validity right"]] = "Valid"
        else:
            row[col["Validity left"]] = row[col["Validity right"]] = "Invalid"
        for m in AOIS:
            for name, *_ in AOIS[m]:
                row[col[f"AOI hit [{m} - {name}]"]] = ("1" if valid and hit(m, name, x, y) else "0") if m == media else ""
        lines.append("\t".join(row))
        if n % 97 == 0:
            mouse = [""] * len(prolab_header)
            mouse[col["Recording timestamp"]] = str(t * 1000 + 1500)
            mouse[col["Sensor"]] = "Mouse"
            mouse[col["Mouse position X"]] = "640"
            mouse[col["Mouse position Y"]] = "400"
            lines.append("\t".join(mouse))
    with open(os.path.join(out, "prolab", f"{code}.tsv"), "wb") as f:
        f.write(b"\xef\xbb\xbf" + ("\r\n".join(lines) + "\r\n").encode("utf-8"))

    raw_header = ["ParticipantName", "RecordingName", "MediaName", "RecordingTimestamp", "GazePointX (MCSpx)", "GazePointY (MCSpx)",
                  "ValidityLeft", "ValidityRight"]
    lines = ["\t".join(raw_header)]
    for media, t, x, y, valid, *_ in samples:
        lines.append("\t".join([code, "Rec " + code, media, str(t), str(round(x)) if valid else "", str(round(y)) if valid else "",
                                "0" if valid else "4", "0" if valid else "4"]))
    with open(os.path.join(out, "raw", f"{code}.tsv"), "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--participants", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=400, help="session length (two media, half each)")
    parser.add_argument("--utf16", action="append", default=[], help="write this participant's Studio export as UTF-16")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    for folder in ("stimuli", "studio", "prolab", "raw"):
        os.makedirs(os.path.join(args.out, folder), exist_ok=True)
    for media in AOIS:
        draw_stimulus(os.path.join(args.out, "stimuli", media), media)
    with open(os.path.join(args.out, "aois.csv"), "w", encoding="utf-8") as f:
        f.write("media,aoi,x,y,width,height\n")
        for media, areas in AOIS.items():
            for name, x, y, w, h in areas:
                f.write(f"{media},{name},{x},{y},{w},{h}\n")
    with open(os.path.join(args.out, "participants.csv"), "w", encoding="utf-8") as f:
        f.write("code,level\n")
        for number_ in range(1, args.participants + 1):
            f.write(f"P{number_},{'expert' if number_ % 2 == 0 else 'novice'}\n")
    for number_ in range(1, args.participants + 1):
        code = f"P{number_}"
        level = "expert" if number_ % 2 == 0 else "novice"
        rng = random.Random(args.seed * 1000 + number_)
        write_exports(args.out, code, level, session(rng, code, level, args.seconds), code in args.utf16)


if __name__ == "__main__":
    main()
