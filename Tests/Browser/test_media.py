#!/usr/bin/env python3
"""A coded passage plays its recording from where its words were said, in a real browser (Debian's chromium driven by
Playwright).

espeak-ng speaks a two-line interview into WAV, ffmpeg puts a coloured picture under it (MP4: H.264 and AAC); the
WebVTT transcript gives each line its measured time. In a pt-BR study the answer is coded and the recording linked to
the transcript (`media add --transcript ''`). The page opens P1's transcript, shows the player, and the coding's ▶
button plays the recording from the excerpt's start: the player's currentTime is then near it (and the media was
fetched with byte ranges, 206). The player's captions track (WebVTT made by `serve` from the timed transcript) loads
with one cue per turn. Screenshot: .build/workspace-media.png. Skips, saying why, without espeak-ng or ffmpeg.

Usage: test_media.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import axe, cli

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
LINES = [("Entrevistadora", "Olá. Como foi usar o aplicativo hoje?"), ("Bruno", "Achei o menu confuso no começo.")]
PAUSE = 0.4


def duration(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout
    return float(out.strip())


def stamp(seconds):
    ms = int(round(seconds * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def make_interview(folder):
    """The interview as MP4 and its WebVTT; returns the answer's start in seconds."""
    inputs, filters, cues, at = [], [], [], 0.0
    for index, (speaker, text) in enumerate(LINES):
        wav = os.path.join(folder, f"line{index}.wav")
        subprocess.run(["espeak-ng", "-v", "pt-br", "-s", "165", "-w", wav, text], check=True, capture_output=True)
        length = duration(wav)
        cues.append(f"{index + 1}\n{stamp(at)} --> {stamp(at + length)}\n{speaker}: {text}\n")
        inputs += ["-i", wav]
        filters.append(f"[{index}:a]apad=pad_dur={PAUSE}[a{index}]")
        at += length + PAUSE
    joined = ";".join(filters) + ";" + "".join(f"[a{i}]" for i in range(len(LINES))) + f"concat=n={len(LINES)}:v=0:a=1[out]"
    wav = os.path.join(folder, "P1.wav")
    subprocess.run(["ffmpeg", "-v", "error", "-y", *inputs, "-filter_complex", joined, "-map", "[out]", wav], check=True)
    mp4 = os.path.join(folder, "P1.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=navy:s=320x240:r=25", "-i", wav, "-t", f"{duration(wav):.3f}",
                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", mp4], check=True)
    with open(os.path.join(folder, "P1.vtt"), "w", encoding="utf-8") as f:
        f.write("WEBVTT\n\n" + "\n".join(cues))
    first = cues[1].split("\n")[1].split(" --> ")[0]
    h, m, s = first.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def main():
    missing = [tool for tool in ("espeak-ng", "ffmpeg", "ffprobe") if not shutil.which(tool)]
    if missing:
        print(f"media browser test skipped: {', '.join(missing)} not installed (scripts/install-deps.sh installs them)")
        return
    folder = tempfile.mkdtemp(prefix="studyctl-media-")
    study = os.path.join(folder, "study.sqlite")
    answer = make_interview(folder)
    cli("init", "--title", "Entrevistas gravadas", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("category", "add", "Navegação", "--origin", "emergent", study=study)
    cli("transcript", "add", "P1", os.path.join(folder, "P1.vtt"), "--speaker", "Entrevistadora=moderator", "--speaker", "Bruno=P1", study=study)
    cli("code", "add", "P1", "--excerpt", "Achei o menu confuso", "--code", "menu confuso", "--category", "Navegação", "--coder", "ana", study=study)
    cli("media", "add", "P1", os.path.join(folder, "P1.mp4"), "--transcript", "", study=study)
    start = json.loads(cli("code", "list", "--json", study=study))["codes"][0]["startTime"]
    assert abs(start - answer) < 0.002, (start, answer)
    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line)
            if found:
                url = found.group(0)
                break
        assert url, "studyctl serve printed no address"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            statuses = []
            page.on("response", lambda response: statuses.append(response.status) if "/media/" in response.url else None)
            page.goto(url)
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            page.wait_for_selector("#transcript:has-text('menu confuso')")
            page.wait_for_selector("#player:not([hidden])")
            assert page.locator("#player").get_attribute("src") == "/media/1"
            # Captions from the timed transcript: a <track> the player loads, its cues the turns' words and times.
            track = page.locator("#player track")
            assert track.get_attribute("src") == "/media/1/captions.vtt" and track.get_attribute("kind") == "captions"
            assert track.get_attribute("srclang") == "pt-BR", track.get_attribute("srclang")
            page.wait_for_function("() => document.querySelector('#player track').readyState === 2", timeout=15000)
            cues = page.evaluate("[...document.querySelector('#player track').track.cues].map((c) => [c.startTime, c.text])")
            assert [" ".join(text.split()) for _, text in cues] == [f"{speaker}: {words}" for speaker, words in LINES], cues
            assert abs(cues[1][0] - answer) < 0.002, (cues, answer)
            # With its recording and captions the page has no axe violation (WCAG 2.0–2.2 A and AA).
            violations = axe(page, "recording shown")
            assert not violations, "\n".join(violations)
            button = page.locator("ul.codings button.play")
            button.wait_for()
            assert button.get_attribute("title") == "Tocar a gravação a partir de onde estas palavras foram ditas", button.get_attribute("title")
            button.click()
            page.wait_for_function("() => { const v = document.getElementById('player'); return !v.paused && v.currentTime > 0; }", timeout=15000)
            now = page.evaluate("document.getElementById('player').currentTime")
            assert start - 0.05 <= now <= start + 1.5, (now, start)
            page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(ROOT, ".build", "workspace-media.png"))
            # It pauses a moment after the words end.
            page.wait_for_function("() => document.getElementById('player').paused", timeout=15000)
            assert 206 in statuses, statuses
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"media browser test passed: the coded passage played from {now:.2f} s (its words start at {start:.3f} s)")


if __name__ == "__main__":
    main()
