//! `render --format png|gif`: a recorded run's frames as pixels, the same frames the SVG draws.

mod common;

use common::{scratch_dir, stdout_of, sudoku};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A trace of `algorithm` on the easy puzzle, in a fresh scratch folder: the folder, the
/// file and its number of events.
fn recorded(name: &str, algorithm: &str) -> (std::path::PathBuf, String, usize) {
    let dir = scratch_dir(name);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.trace").to_string_lossy().into_owned();
    let (_, err, code) = stdout_of(
        &["solve", "-a", algorithm, "--trace", &file],
        &format!("{EASY}\n"),
    );
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&file).unwrap();
    let header = String::from_utf8_lossy(&bytes);
    let events: usize = header
        .lines()
        .find_map(|l| l.strip_prefix("events "))
        .unwrap()
        .parse()
        .unwrap();
    (dir, file, events)
}

/// A PNG's width and height, from its header chunk.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG file");
    assert_eq!(&png[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// The SVG's width, as `render` writes it for the same frame.
fn svg_width(svg: &str) -> u32 {
    let at = svg.find("width=\"").unwrap() + 7;
    let end = at + svg[at..].find('"').unwrap();
    svg[at..end].parse::<f64>().unwrap().round() as u32
}

/// The frames of a GIF as a viewer plays them: (delay in 1/100 s, changed area), and the
/// canvas's size.
fn gif_frames(bytes: &[u8]) -> ((u16, u16), Vec<(u16, usize)>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF file");
    assert_eq!(decoder.repeat(), gif::Repeat::Infinite, "it loops");
    let size = (decoder.width(), decoder.height());
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames.push((
            frame.delay,
            usize::from(frame.width) * usize::from(frame.height),
        ));
    }
    (size, frames)
}

#[test]
fn a_png_frame_is_the_svg_frames_size_and_a_range_is_one_png_per_step() {
    let (dir, file, _) = recorded("render-png", "dlx");
    let out = dir.join("first.png").to_string_lossy().into_owned();
    // The format comes from the file's name.
    let (_, err, code) = stdout_of(&["render", &file, "--step", "0", "-o", &out], "");
    assert_eq!(code, 0, "{err}");
    let (svg, _, _) = stdout_of(&["render", &file, "--step", "0"], "");
    let side = svg_width(&svg);
    assert_eq!(png_size(&std::fs::read(&out).unwrap()), (side, side));

    // --cell-size scales the picture; --format png to standard output when it is not a terminal.
    let big = sudoku()
        .args(["render", &file, "--format", "png", "--cell-size", "80"])
        .output()
        .unwrap();
    assert!(big.status.success());
    let (big_svg, _, _) = stdout_of(&["render", &file, "--cell-size", "80"], "");
    let big_side = svg_width(&big_svg);
    assert!(big_side > side);
    assert_eq!(png_size(&big.stdout), (big_side, big_side));

    let pattern = dir.join("f-{step}.png").to_string_lossy().into_owned();
    let (_, err, code) = stdout_of(
        &[
            "render", &file, "--from", "3", "--to", "9", "--every", "3", "-o", &pattern,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("f-"))
        .collect();
    names.sort();
    assert_eq!(names, ["f-3.png", "f-6.png", "f-9.png"]);
    // Frames differ as the run goes on.
    let frame = |n: &str| std::fs::read(dir.join(n)).unwrap();
    assert_ne!(frame("f-3.png"), frame("f-9.png"));
}

#[test]
fn a_gif_is_the_whole_run_looping_with_its_last_frame_held() {
    let (dir, file, events) = recorded("render-gif", "dlx");
    let out = dir.join("run.gif").to_string_lossy().into_owned();
    let (_, err, code) = stdout_of(&["render", &file, "-o", &out, "--every", "1"], "");
    assert_eq!(code, 0, "{err}");
    let ((width, height), frames) = gif_frames(&std::fs::read(&out).unwrap());
    let (svg, _, _) = stdout_of(&["render", &file], "");
    assert_eq!(
        (u32::from(width), u32::from(height)),
        (svg_width(&svg), svg_width(&svg))
    );
    // Frame 0 (the givens) to the last event, each 150 ms, the answer held 2 s.
    assert_eq!(frames.len(), events + 1);
    assert!(frames[..events].iter().all(|&(delay, _)| delay == 15));
    assert_eq!(frames[events].0, 200);
    // The first frame is the whole board; the others are what changed.
    let whole = usize::from(width) * usize::from(height);
    assert_eq!(frames[0].1, whole);
    assert!(frames[1..].iter().all(|&(_, area)| area < whole / 4));

    // A range at a chosen speed; a long run without one is cut to 300 frames, and says so.
    let (_, err, code) = stdout_of(
        &[
            "render",
            &file,
            "--from",
            "2",
            "--to",
            "10",
            "--frame-ms",
            "40",
            "--hold-ms",
            "500",
            "--format",
            "gif",
            "-o",
            &out,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (_, frames) = gif_frames(&std::fs::read(&out).unwrap());
    let delays: Vec<u16> = frames.iter().map(|f| f.0).collect();
    assert_eq!(delays, [4, 4, 4, 4, 4, 4, 4, 4, 50]);
}

#[test]
fn a_long_run_is_cut_to_300_frames_and_bad_requests_get_a_message() {
    let (dir, file, events) = recorded("render-long", "norvig");
    assert!(events > 300, "{events} events");
    let out = dir.join("run.gif").to_string_lossy().into_owned();
    let (_, err, code) = stdout_of(&["render", &file, "-o", &out], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("a frame every"), "{err}");
    let (_, frames) = gif_frames(&std::fs::read(&out).unwrap());
    assert!(
        (150..=300).contains(&frames.len()),
        "{} frames",
        frames.len()
    );
    assert_eq!(frames.last().unwrap().0, 200, "the answer is held");

    for (args, words) in [
        (vec!["-o", "x/{step}.gif"], "one file"),
        (vec!["--frame-ms", "5", "-o", "a.gif"], "--frame-ms 5"),
        (vec!["--every", "0", "-o", "a.gif"], "--every"),
        (
            vec!["--format", "png", "--from", "0", "--to", "2"],
            "{step}",
        ),
    ] {
        let mut all = vec!["render", file.as_str()];
        all.extend(args.iter().copied());
        let (_, err, code) = stdout_of(&all, "");
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(words), "{all:?}: {err}");
    }
}
