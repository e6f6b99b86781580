//! The export dialog's work: the run the full worker recorded, read back; its frames drawn by
//! the CLI's drawing and rasteriser a slice at a time (the page stays responsive) and written as
//! a GIF, PNG frames in a zip or an SVG (a video: `video`); the file handed to the browser.

use std::cell::Cell;

use sudoku_draw::animation::{Animation, Frames, GifMaker};
use sudoku_draw::raster::Rasterizer;
use sudoku_draw::Style;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::Loaded;
use crate::model::export::{Format, Plan};
use crate::protocol::export::ExportRequest;

/// Frames are drawn in slices of about this long before the browser gets a turn.
const SLICE_MS: f64 = 30.0;

/// The recorded run the full worker handed over as a blob URL, read and checked.
pub(super) async fn load_trace(url: &str, request: ExportRequest) -> Result<Loaded, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .and_then(|r| r.dyn_into())
        .map_err(|e| format!("the recorded run could not be fetched ({e:?})"))?;
    let buffer = JsFuture::from(response.array_buffer().map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(|e| format!("the recorded run could not be read ({e:?})"))?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    let trace = sudoku_core::trace::TraceFile::read(&bytes).map_err(|e| e.to_string())?;
    let puzzle = trace.check().map_err(|e| e.to_string())?;
    Ok(Loaded {
        request,
        puzzle,
        events: trace.events,
    })
}

/// Draws and hands over the file `plan` asks for; says what was saved.
pub(super) async fn export(
    loaded: &Loaded,
    plan: Plan,
    said: &dyn Fn(String),
    cancel: &Cell<bool>,
) -> Result<String, String> {
    let run = &loaded.request.run;
    let name = plan.file_name(run.algorithm.id(), run.seed);
    let style = Style::default();
    let mut frames = Frames::new(&loaded.puzzle, &loaded.events, &plan.steps, plan.candidates);
    let count = plan.steps.count();
    let (bytes, kind): (Vec<u8>, &str) = match plan.format {
        Format::Svg => {
            let shot = frames.next_shot().ok_or("no frame to draw")?;
            (
                plan.view.svg(&shot.frame, &style).into_bytes(),
                "image/svg+xml",
            )
        }
        Format::Gif => {
            let animation = Animation {
                view: plan.view,
                style,
                candidates: plan.candidates,
                frame_ms: plan.frame_ms,
                hold_ms: 2000,
            };
            let mut gif = GifMaker::new(animation, count, plan.scale);
            let mut drawn = 0;
            while let Some(shot) = frames.next_shot() {
                gif.add(&shot)?;
                drawn += 1;
                breathe(drawn, count, said, cancel).await?;
            }
            (gif.finish()?, "image/gif")
        }
        Format::PngZip => {
            use std::io::Write;
            let rasterizer = Rasterizer::new();
            let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
            let options = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Stored);
            let mut drawn = 0;
            while let Some(shot) = frames.next_shot() {
                let png = rasterizer.png(&plan.view.svg(&shot.frame, &style), plan.scale)?;
                zip.start_file(plan.frame_name(shot.step), options)
                    .and_then(|_| zip.write_all(&png).map_err(Into::into))
                    .map_err(|e| format!("the zip could not be written: {e}"))?;
                drawn += 1;
                breathe(drawn, count, said, cancel).await?;
            }
            let out = zip
                .finish()
                .map_err(|e| format!("the zip could not be written: {e}"))?;
            (out.into_inner(), "application/zip")
        }
        Format::Webm => return super::video::record(frames, &plan, &name, said, cancel).await,
    };
    let size = bytes.len();
    hand_over(&bytes, kind, &name)?;
    Ok(format!("saved {name} ({})", kilobytes(size)))
}

/// Says how far the export is and lets the browser draw and hear clicks between slices.
async fn breathe(
    drawn: usize,
    count: usize,
    said: &dyn Fn(String),
    cancel: &Cell<bool>,
) -> Result<(), String> {
    thread_local! {
        static SLICE_START: Cell<f64> = const { Cell::new(0.0) };
    }
    let now = crate::app::browser::now_ms();
    if now - SLICE_START.with(Cell::get) < SLICE_MS && drawn < count {
        return Ok(());
    }
    said(format!("frame {drawn} of {count}…"));
    gloo_timers::future::TimeoutFuture::new(0).await;
    SLICE_START.with(|s| s.set(crate::app::browser::now_ms()));
    if cancel.get() {
        return Err("stopped".into());
    }
    Ok(())
}

/// A size in KB or MB, as a file manager says it.
pub(super) fn kilobytes(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

/// Downloads `bytes` as `name` (the URL let go a minute later: Firefox and WebKit read it
/// after the click returns).
pub(super) fn hand_over(bytes: &[u8], kind: &str, name: &str) -> Result<(), String> {
    let array = js_sys::Uint8Array::from(bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(
        &js_sys::Array::of1(&array),
        &options,
    )
    .map_err(|e| format!("the browser could not hold the file ({e:?})"))?;
    save_blob(&blob, name)
}

pub(super) fn save_blob(blob: &web_sys::Blob, name: &str) -> Result<(), String> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|e| format!("{e:?}"))?;
    crate::app::browser::download(&url, name)?;
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}
