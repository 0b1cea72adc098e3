// Small progressive enhancements; every page works without this file.
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
