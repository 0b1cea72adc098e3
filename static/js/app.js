// Small progressive enhancements; every page works without this file.
document.documentElement.classList.add("js");
document.addEventListener("change", (event) => {
  // Language switcher submits on change (the Go button stays for keyboards and no-JS).
  if (event.target.id === "lang-select") event.target.form.submit();
});

// Buttons marked data-once are disabled after the first submit (the server is idempotent anyway).
document.addEventListener("submit", (event) => {
  const button = event.submitter;
  if (button && button.hasAttribute("data-confirm") && !window.confirm(button.dataset.confirm)) {
    event.preventDefault();
    return;
  }
  if (button && button.hasAttribute("data-once")) {
    setTimeout(() => { button.disabled = true; }, 0);
  }
});

// Event form: the edition filters the scoring presets (each says data-edition) and picks the
// edition's default when the chosen one no longer fits; the server checks the same.
function filterPresets(edition) {
  const select = document.getElementById(edition.dataset.filters);
  if (!select) return;
  const defaults = Object.fromEntries((select.dataset.defaults || "").split(",").map((pair) => pair.split("=")));
  for (const option of select.options) {
    const fits = !option.dataset.edition || option.dataset.edition === edition.value;
    option.hidden = !fits;
    option.disabled = !fits;
  }
  const chosen = select.selectedOptions[0];
  if (!chosen || chosen.disabled) select.value = defaults[edition.value] || "";
}
document.addEventListener("change", (event) => {
  if (event.target.dataset && event.target.dataset.filters) filterPresets(event.target);
});
document.querySelectorAll("[data-filters]").forEach(filterPresets);

// Event form: suggest the short name (slug) from the name until the organizer types one.
document.addEventListener("input", (event) => {
  const name = event.target;
  if (!name.dataset || !name.dataset.suggests) return;
  const slug = document.getElementById(name.dataset.suggests);
  if (!slug || slug.dataset.touched) return;
  slug.value = name.value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50);
});
document.addEventListener("input", (event) => {
  if (event.target.id === "id_slug") event.target.dataset.touched = "1";
});
