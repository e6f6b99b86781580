//! Frames as pixels: the SVG drawings rasterised by resvg with a font the lab carries (Hack, a
//! DejaVu Sans Mono derivative, embedded), so a PNG or GIF frame is the same pixels on every
//! machine, with or without fonts installed; and frames put together as a looping animated GIF.

use std::io::Write;
use std::sync::Arc;

use resvg::{tiny_skia, usvg};

/// The family the embedded font registers under.
const FAMILY: &str = "Hack";
/// GIF frame delays are in hundredths of a second.
const GIF_TICK_MS: u32 = 10;

/// Turns SVG drawings into pixels; built once, its font database shared by every frame.
pub struct Rasterizer {
    options: usvg::Options<'static>,
}

impl Default for Rasterizer {
    fn default() -> Rasterizer {
        Rasterizer::new()
    }
}

/// A frame's pixels: straight (not premultiplied) RGBA, row after row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Rasterizer {
    pub fn new() -> Rasterizer {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(epaint_default_fonts::HACK_REGULAR.to_vec());
        // Whatever family a drawing names ends at the generic families, all of them this font.
        fonts.set_sans_serif_family(FAMILY);
        fonts.set_serif_family(FAMILY);
        fonts.set_monospace_family(FAMILY);
        let options = usvg::Options {
            font_family: FAMILY.to_owned(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        };
        Rasterizer { options }
    }

    /// The drawing's pixels at its own size times `scale`.
    pub fn pixels(&self, svg: &str, scale: f32) -> Result<Image, String> {
        let tree = usvg::Tree::from_str(svg, &self.options)
            .map_err(|e| format!("the drawing does not read as SVG: {e}"))?;
        let size = tree.size().to_int_size().scale_by(scale).ok_or_else(|| {
            format!("scale {scale}: the drawing would have no pixels or too many")
        })?;
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
            format!(
                "a {}×{} image is too large to draw",
                size.width(),
                size.height()
            )
        })?;
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        let rgba = pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        Ok(Image {
            width: size.width(),
            height: size.height(),
            rgba,
        })
    }

    /// The drawing as a PNG file's bytes.
    pub fn png(&self, svg: &str, scale: f32) -> Result<Vec<u8>, String> {
        let image = self.pixels(svg, scale)?;
        let pixmap = tiny_skia::Pixmap::from_vec(
            premultiplied(&image.rgba),
            tiny_skia::IntSize::from_wh(image.width, image.height)
                .ok_or("an empty image has no PNG")?,
        )
        .ok_or("the image's pixels do not fill it")?;
        pixmap
            .encode_png()
            .map_err(|e| format!("the PNG could not be written: {e}"))
    }
}

fn premultiplied(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            let scale = |c: u8| ((u16::from(c) * a + 127) / 255) as u8;
            [scale(p[0]), scale(p[1]), scale(p[2]), p[3]]
        })
        .collect()
}

/// An animated GIF written frame by frame, looping forever (slides and course pages show a
/// run over and over); every frame the size of the first. A frame after the first is stored
/// as the rectangle that changed, what did not change in it transparent (a step changes a cell
/// or two: a run's GIF is a tenth the size of one stored whole).
pub struct GifWriter<W: Write> {
    encoder: gif::Encoder<W>,
    width: u16,
    height: u16,
    previous: Option<Vec<u8>>,
}

impl<W: Write> GifWriter<W> {
    pub fn new(out: W, width: u32, height: u32) -> Result<GifWriter<W>, String> {
        let side = |v: u32| {
            u16::try_from(v).map_err(|_| format!("a GIF is at most 65,535 pixels wide ({v} asked)"))
        };
        let (width, height) = (side(width)?, side(height)?);
        let mut encoder = gif::Encoder::new(out, width, height, &[]).map_err(gif_error)?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(gif_error)?;
        Ok(GifWriter {
            encoder,
            width,
            height,
            previous: None,
        })
    }

    /// Adds a frame shown for `delay_ms` (in steps of 10 ms, the format's unit).
    pub fn add(&mut self, image: &Image, delay_ms: u32) -> Result<(), String> {
        if (image.width, image.height) != (u32::from(self.width), u32::from(self.height)) {
            return Err(format!(
                "a {}×{} frame in a {}×{} animation",
                image.width, image.height, self.width, self.height
            ));
        }
        let (width, height) = (usize::from(self.width), usize::from(self.height));
        let (left, top, right, bottom) = match &self.previous {
            None => (0, 0, width, height),
            // A frame that changes nothing is still a frame (its time counts): one pixel.
            Some(previous) => changed(previous, &image.rgba, width).unwrap_or((0, 0, 1, 1)),
        };
        let mut rgba: Vec<u8> = (top..bottom)
            .flat_map(|y| &image.rgba[(y * width + left) * 4..(y * width + right) * 4])
            .copied()
            .collect();
        if let Some(previous) = &self.previous {
            // Inside the rectangle, a pixel the last frame already shows is left transparent:
            // long runs of one index compress well (a step that changes pencil marks across a
            // row, a column and a box spans most of the board but changes little of it).
            for (row, y) in (top..bottom).enumerate() {
                let at = (y * width + left) * 4;
                let was = &previous[at..at + (right - left) * 4];
                let now = &mut rgba[row * (right - left) * 4..(row + 1) * (right - left) * 4];
                for (p, q) in now.chunks_exact_mut(4).zip(was.chunks_exact(4)) {
                    if p == q {
                        p.copy_from_slice(&[0, 0, 0, 0]);
                    }
                }
            }
        }
        // Speed 10: the format's own advice for quality against time; a board's few colours
        // usually fit the palette exactly and skip the quantiser.
        let mut frame = gif::Frame::from_rgba_speed(
            (right - left) as u16,
            (bottom - top) as u16,
            &mut rgba,
            10,
        );
        frame.left = left as u16;
        frame.top = top as u16;
        // Each frame is drawn over the last.
        frame.dispose = gif::DisposalMethod::Keep;
        frame.delay = u16::try_from(delay_ms.div_ceil(GIF_TICK_MS)).unwrap_or(u16::MAX);
        self.encoder.write_frame(&frame).map_err(gif_error)?;
        self.previous = Some(image.rgba.clone());
        Ok(())
    }

    /// Ends the file and gives back what it was written to.
    pub fn finish(self) -> Result<W, String> {
        self.encoder
            .into_inner()
            .map_err(|e| format!("the GIF could not be written: {e}"))
    }
}

/// The smallest rectangle (left, top, right, bottom; right and bottom excluded) holding every
/// pixel that differs between two images of the same size, or none if none does.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (p, q)) in a.chunks_exact(4).zip(b.chunks_exact(4)).enumerate() {
        if p != q {
            let (x, y) = (i % width, i / width);
            left = left.min(x);
            right = right.max(x + 1);
            top = top.min(y);
            bottom = bottom.max(y + 1);
        }
    }
    (right > 0).then_some((left, top, right, bottom))
}

fn gif_error(e: gif::EncodingError) -> String {
    format!("the GIF could not be written: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{board_svg, BoardFrame, Style};
    use sudoku_core::Grid;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn frame() -> BoardFrame {
        let grid = Grid::parse(PUZZLE).unwrap();
        BoardFrame::after(&grid, &[], false)
    }

    #[test]
    fn a_board_is_drawn_at_its_size_with_its_digits_in_ink() {
        let r = Rasterizer::new();
        let svg = board_svg(&frame(), &Style::default());
        let image = r.pixels(&svg, 1.0).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let width: f64 = doc
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(image.width, width.round() as u32);
        assert_eq!(image.rgba.len(), (image.width * image.height * 4) as usize);
        // The digits are text: without a font they would leave the cells blank. Count the dark
        // pixels in the given 5 of r1c1 and in the empty r1c3.
        let ink = |col: u32, row: u32| {
            let margin = (image.width - 9 * 40) / 2;
            let (x0, y0) = (margin + col * 40, margin + row * 40);
            (y0 + 8..y0 + 32)
                .flat_map(|y| (x0 + 8..x0 + 32).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let i = ((y * image.width + x) * 4) as usize;
                    image.rgba[i] < 100 && image.rgba[i + 1] < 100 && image.rgba[i + 2] < 100
                })
                .count()
        };
        assert!(
            ink(0, 0) > 20,
            "the given 5 is drawn ({} dark pixels)",
            ink(0, 0)
        );
        assert_eq!(ink(2, 0), 0, "the empty cell stays blank");
    }

    #[test]
    fn the_same_drawing_gives_the_same_pixels_and_scales() {
        let r = Rasterizer::new();
        let svg = board_svg(&frame(), &Style::default());
        assert_eq!(r.pixels(&svg, 1.0).unwrap(), r.pixels(&svg, 1.0).unwrap());
        let double = r.pixels(&svg, 2.0).unwrap();
        let single = r.pixels(&svg, 1.0).unwrap();
        assert_eq!(double.width, single.width * 2);
        assert!(r.pixels(&svg, 0.0).is_err());
        assert!(r.pixels("<svg", 1.0).is_err());
    }

    #[test]
    fn a_png_and_a_looping_gif_read_back() {
        let r = Rasterizer::new();
        let svg = board_svg(&frame(), &Style::default());
        let png = r.png(&svg, 1.0).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

        // Three frames: the givens, the same again, and the board after a run's first events.
        let grid = Grid::parse(PUZZLE).unwrap();
        let configuration = sudoku_core::Configuration::parse("backtracking").unwrap();
        let (run, _) = sudoku_core::recording::record(&grid, &configuration, 1, u64::MAX).unwrap();
        let later = BoardFrame::after(&grid, &run.events[..run.events.len().min(12)], false);
        let images = [
            r.pixels(&svg, 1.0).unwrap(),
            r.pixels(&svg, 1.0).unwrap(),
            r.pixels(&board_svg(&later, &Style::default()), 1.0)
                .unwrap(),
        ];
        assert_ne!(images[0], images[2]);
        let (width, height) = (images[0].width, images[0].height);
        let mut writer = GifWriter::new(Vec::new(), width, height).unwrap();
        for (image, delay) in images.iter().zip([250, 1000, 100]) {
            writer.add(image, delay).unwrap();
        }
        let small = r.pixels(&svg, 0.5).unwrap();
        assert!(
            writer.add(&small, 100).is_err(),
            "frames keep the first's size"
        );
        let bytes = writer.finish().unwrap();

        // Played back as a viewer does, each frame drawn over the canvas, the canvas is each
        // image pixel for pixel (the board's colours fit the palette exactly).
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        let mut canvas = vec![0u8; (width * height * 4) as usize];
        let (mut delays, mut areas) = (Vec::new(), Vec::new());
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            let (left, top) = (usize::from(frame.left), usize::from(frame.top));
            let w = usize::from(frame.width);
            for (i, pixel) in frame.buffer.chunks_exact(4).enumerate() {
                if pixel[3] == 0 {
                    continue; // transparent: the last frame shows through
                }
                let (x, y) = (left + i % w, top + i / w);
                let at = (y * width as usize + x) * 4;
                canvas[at..at + 4].copy_from_slice(pixel);
            }
            assert_eq!(canvas, images[delays.len()].rgba);
            delays.push(frame.delay);
            areas.push(usize::from(frame.width) * usize::from(frame.height));
        }
        assert_eq!(delays, [25, 100, 10]);
        assert_eq!(areas[1], 1, "an unchanged frame is one pixel");
        assert!(
            areas[2] < areas[0],
            "a later frame is the rectangle that changed"
        );
        assert_eq!(decoder.repeat(), gif::Repeat::Infinite);
    }
}
