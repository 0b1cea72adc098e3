// Round clock: counts down from the round's start; the page shows the start time without JS.
(() => {
  const clock = document.getElementById("clock");
  const display = document.getElementById("clock-time");
  if (!clock || !display) return;
  const end = new Date(clock.dataset.start).getTime() + Number(clock.dataset.minutes) * 60000;
  const pad = (n) => String(n).padStart(2, "0");
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    display.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    clock.classList.toggle("ending", left < 600);
    clock.classList.toggle("over", left === 0);
  };
  tick();
  setInterval(tick, 1000);
})();
