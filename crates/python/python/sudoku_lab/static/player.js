// Sudoku Lab's notebook player (anywidget): shows the frame and sentence the Python side draws
// for `step`, and moves `step` — by its buttons, its slider, the keyboard, or playing at
// `frame_ms`, the next frame asked only once the last one has arrived.

function button(label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.title = title;
  b.setAttribute("aria-label", title);
  return b;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sudoku-lab-player";
  root.tabIndex = 0;
  const title = document.createElement("div");
  title.className = "title";
  const picture = document.createElement("div");
  picture.className = "picture";
  const caption = document.createElement("div");
  caption.className = "caption";
  caption.setAttribute("aria-live", "polite");

  const controls = document.createElement("div");
  controls.className = "controls";
  const toFirst = button("⏮", "first frame");
  const back = button("◀", "back one frame");
  const play = button("▶", "play");
  const forward = button("▶|", "forward one frame");
  const toLast = button("⏭", "last frame");
  const slider = document.createElement("input");
  slider.type = "range";
  slider.setAttribute("aria-label", "step");
  const view = document.createElement("select");
  view.setAttribute("aria-label", "view");
  for (const v of ["board", "graph", "circle"]) {
    const o = document.createElement("option");
    o.value = v;
    o.textContent = v;
    view.append(o);
  }
  const speed = document.createElement("select");
  speed.setAttribute("aria-label", "time per frame");
  for (const ms of [40, 80, 150, 300, 600, 1200]) {
    const o = document.createElement("option");
    o.value = String(ms);
    o.textContent = `${ms} ms`;
    speed.append(o);
  }
  controls.append(toFirst, back, play, forward, toLast, slider, view, speed);
  root.append(title, picture, caption, controls);
  el.append(root);

  let timer = null;
  const clamp = (s) => Math.min(Math.max(s, model.get("first")), model.get("last"));
  const go = (s) => {
    model.set("step", clamp(s));
    model.save_changes();
  };
  const stride = () => Math.max(1, model.get("stride"));
  const stop = () => {
    clearTimeout(timer);
    timer = null;
    if (model.get("playing")) {
      model.set("playing", false);
      model.save_changes();
    }
  };
  // The next frame of a playing run, after this one has been shown for frame_ms.
  const schedule = () => {
    clearTimeout(timer);
    if (!model.get("playing")) return;
    const atEnd = model.get("step") >= model.get("last");
    // The last frame is held a little longer before the loop starts again.
    const wait = atEnd ? Math.max(1500, model.get("frame_ms")) : model.get("frame_ms");
    timer = setTimeout(() => {
      if (!model.get("playing")) return;
      if (atEnd) {
        if (model.get("loop")) go(model.get("first"));
        else stop();
      } else {
        go(model.get("step") + stride());
      }
    }, wait);
  };

  const draw = () => {
    title.textContent = model.get("title");
    picture.innerHTML = model.get("svg");
    caption.textContent = model.get("caption");
    slider.min = String(model.get("first"));
    slider.max = String(model.get("last"));
    slider.step = String(stride());
    slider.value = String(model.get("step"));
    view.value = model.get("view");
    speed.value = String(model.get("frame_ms"));
    const playing = model.get("playing");
    play.textContent = playing ? "⏸" : "▶";
    play.title = playing ? "pause" : "play";
    play.setAttribute("aria-label", play.title);
  };

  toFirst.addEventListener("click", () => { stop(); go(model.get("first")); });
  back.addEventListener("click", () => { stop(); go(model.get("step") - stride()); });
  forward.addEventListener("click", () => { stop(); go(model.get("step") + stride()); });
  toLast.addEventListener("click", () => { stop(); go(model.get("last")); });
  play.addEventListener("click", () => {
    if (model.get("playing")) {
      stop();
    } else {
      // Play from the start when at the end.
      if (model.get("step") >= model.get("last")) go(model.get("first"));
      model.set("playing", true);
      model.save_changes();
      schedule();
    }
    draw();
  });
  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  view.addEventListener("change", () => { model.set("view", view.value); model.save_changes(); });
  speed.addEventListener("change", () => {
    model.set("frame_ms", Number(speed.value));
    model.save_changes();
  });
  root.addEventListener("keydown", (e) => {
    if (e.target !== root) return;
    if (e.key === "ArrowRight") { stop(); go(model.get("step") + stride()); }
    else if (e.key === "ArrowLeft") { stop(); go(model.get("step") - stride()); }
    else if (e.key === " ") play.click();
    else return;
    e.preventDefault();
  });

  // A copy without a kernel (a static export that kept the widget's state) never answers:
  // it shows the run as a GIF instead of a first frame with dead buttons. An answer that comes
  // late (a kernel busy with later cells) brings the player back.
  let live = false;
  const still = document.createElement("p");
  still.className = "static-note";
  still.textContent =
    "A copy without a running notebook: the run as a looping GIF (run the notebook to step through it).";
  const showStatic = () => {
    if (live || !model.get("fallback")) return;
    const img = document.createElement("img");
    img.src = model.get("fallback");
    img.alt = `${model.get("title")}, played as an animation`;
    picture.replaceChildren(img);
    controls.hidden = true;
    caption.replaceChildren(still);
  };
  model.on("msg:custom", (message) => {
    if (message && message.type === "alive" && !live) {
      live = true;
      controls.hidden = false;
      draw();
    }
  });
  try {
    model.send({ type: "hello" });
  } catch (e) {
    // No channel to a kernel at all.
  }
  const waiting = setTimeout(showStatic, 2000);

  model.on("change:svg", () => { draw(); schedule(); });
  model.on("change:caption", draw);
  model.on("change:playing", () => { draw(); schedule(); });
  for (const name of ["first", "last", "stride", "view", "frame_ms", "title"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  if (model.get("playing")) schedule();
  return () => {
    clearTimeout(timer);
    clearTimeout(waiting);
  };
}

export default { render };
