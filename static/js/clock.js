// Round clock: counts down while the clock runs, and asks the server every 15 s (and when the tab comes
// back) so a pause, an extension or time called by the organizer shows up. Without JS the page shows
// the time left when it was loaded and the state in words.
(() => {
  const clock = document.getElementById("clock");
  const display = document.getElementById("clock-time");
  const status = document.getElementById("clock-status");
  if (!clock || !display) return;
  let state = clock.dataset.state;
  let end = Date.now() + Number(clock.dataset.remaining) * 1000;
  let left = Number(clock.dataset.remaining);
  const pad = (n) => String(n).padStart(2, "0");
  const show = () => {
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    display.textContent = h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
    display.classList.toggle("hours", h > 0);  // seven characters: a smaller size fits a phone (app.css)
    for (const name of ["waiting", "running", "paused", "called"]) clock.classList.toggle("clock-" + name, state === name);
    clock.classList.toggle("ending", state === "running" && left < 600);
  };
  const poll = async () => {
    try {
      const response = await fetch(clock.dataset.poll, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) return;
      const data = await response.json();
      state = data.state;
      left = data.remaining;
      end = Date.now() + left * 1000;
      if (status && data.text) status.textContent = data.text;
      show();
    } catch (error) { /* offline for a moment: keep counting */ }
  };
  const tick = () => {
    if (state !== "running") return;
    left = Math.max(0, Math.round((end - Date.now()) / 1000));
    if (left === 0) { state = "called"; poll(); }
    show();
  };
  show();
  setInterval(tick, 1000);
  setInterval(poll, 15000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
})();
