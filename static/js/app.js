// Small progressive enhancements; every page works without this file.
document.addEventListener("change", (event) => {
  // Language switcher submits on change (the Go button stays for keyboards and no-JS).
  if (event.target.id === "lang-select") event.target.form.submit();
});
