//! A run as a WebM video: the frames drawn by the CLI's rasteriser onto a canvas at the asked
//! pace, and the canvas recorded by the browser's MediaRecorder (Chromium and Firefox have it
//! with WebM; where a browser has none, that is said and GIF and PNG remain).

use std::cell::Cell;

use sudoku_draw::animation::Frames;
use sudoku_draw::raster::Rasterizer;
use sudoku_draw::Style;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::model::export::Plan;

/// The WebM kinds asked for, best first.
const KINDS: [&str; 3] = [
    "video/webm;codecs=vp9",
    "video/webm;codecs=vp8",
    "video/webm",
];

/// The recorder's kind this browser writes, or why there is none.
fn webm_kind() -> Result<&'static str, String> {
    let window = web_sys::window().ok_or("no window")?;
    let has_recorder = js_sys::Reflect::has(&window, &"MediaRecorder".into()).unwrap_or(false);
    let kind = has_recorder
        .then(|| {
            KINDS
                .into_iter()
                .find(|k| web_sys::MediaRecorder::is_type_supported(k))
        })
        .flatten();
    kind.ok_or_else(|| {
        "this browser cannot record WebM video (its MediaRecorder is missing or writes no WebM): \
         export an animated GIF or PNG frames instead"
            .into()
    })
}

fn js(e: JsValue) -> String {
    format!("the video could not be recorded ({e:?})")
}

/// Plays `frames` onto the dialog's canvas at `plan`'s pace while the browser records it, and
/// hands the video over as `name`.
pub async fn record(
    mut frames: Frames<'_>,
    plan: &Plan,
    name: &str,
    said: &dyn Fn(String),
    cancel: &Cell<bool>,
) -> Result<String, String> {
    let kind = webm_kind()?;
    let canvas: web_sys::HtmlCanvasElement = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("export-canvas"))
        .and_then(|e| e.dyn_into().ok())
        .ok_or("the dialog has no canvas")?;
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(js)?
        .and_then(|c| c.dyn_into().ok())
        .ok_or("the canvas cannot be drawn on")?;
    let rasterizer = Rasterizer::new();
    let style = Style::default();
    let count = plan.steps.count();
    let draw = |shot: &sudoku_draw::animation::Shot| -> Result<(), String> {
        let image = rasterizer.pixels(&plan.view.svg(&shot.frame, &style), plan.scale)?;
        if canvas.width() != image.width || canvas.height() != image.height {
            canvas.set_width(image.width);
            canvas.set_height(image.height);
        }
        let data = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(&image.rgba),
            image.width,
            image.height,
        )
        .map_err(js)?;
        context.put_image_data(&data, 0.0, 0.0).map_err(js)
    };
    // The first frame gives the canvas its size before the stream is taken from it.
    let first = frames.next_shot().ok_or("no frame to draw")?;
    draw(&first)?;
    drop(first);
    let stream = canvas.capture_stream().map_err(js)?;
    let options = web_sys::MediaRecorderOptions::new();
    options.set_mime_type(kind);
    let recorder =
        web_sys::MediaRecorder::new_with_media_stream_and_media_recorder_options(&stream, &options)
            .map_err(js)?;
    let chunks = js_sys::Array::new();
    let on_data = {
        let chunks = chunks.clone();
        Closure::<dyn FnMut(web_sys::BlobEvent)>::new(move |event: web_sys::BlobEvent| {
            if let Some(blob) = event.data().filter(|b| b.size() > 0.0) {
                chunks.push(&blob);
            }
        })
    };
    recorder.set_ondataavailable(Some(on_data.as_ref().unchecked_ref()));
    let stopped = js_sys::Promise::new(&mut |resolve, _| recorder.set_onstop(Some(&resolve)));
    recorder.start().map_err(js)?;
    let started = crate::app::browser::now_ms();
    let frame_ms = f64::from(plan.frame_ms);
    let mut drawn = 1;
    let outcome: Result<(), String> = async {
        loop {
            wait_until(started + drawn as f64 * frame_ms).await;
            if cancel.get() {
                return Err("stopped".into());
            }
            said(format!("recording frame {drawn} of {count}…"));
            let Some(shot) = frames.next_shot() else {
                break;
            };
            draw(&shot)?;
            drawn += 1;
        }
        Ok(())
    }
    .await;
    recorder.stop().map_err(js)?;
    JsFuture::from(stopped).await.map_err(js)?;
    recorder.set_ondataavailable(None);
    recorder.set_onstop(None);
    stream.get_tracks().for_each(&mut |track, _, _| {
        if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
            track.stop();
        }
    });
    outcome?;
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("video/webm");
    let video = web_sys::Blob::new_with_blob_sequence_and_options(&chunks, &options).map_err(js)?;
    if video.size() == 0.0 {
        return Err("the browser recorded nothing".into());
    }
    super::files::save_blob(&video, name)?;
    Ok(format!(
        "saved {name} ({}, {:.1} s; without chapters: the browser's recorder writes none)",
        super::files::kilobytes(video.size() as usize),
        (crate::app::browser::now_ms() - started) / 1000.0
    ))
}

/// Waits until the page's clock reads `deadline` (milliseconds).
async fn wait_until(deadline: f64) {
    let left = deadline - crate::app::browser::now_ms();
    let ms = if left > 0.0 { left.ceil() as u32 } else { 0 };
    gloo_timers::future::TimeoutFuture::new(ms).await;
}
