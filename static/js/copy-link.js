// Copy-link buttons for clause permalinks. Without JavaScript the plain link stays usable.
(function () {
  "use strict";
  function setup() {
    if (!navigator.clipboard) { return; }
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var url = new URL(button.getAttribute("data-copy"), window.location.href).href;
        navigator.clipboard.writeText(url).then(function () {
          var label = button.textContent;
          button.textContent = button.getAttribute("data-copied") || "Copied";
          window.setTimeout(function () { button.textContent = label; }, 1500);
        });
      });
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", setup); } else { setup(); }
})();
