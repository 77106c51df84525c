// The handouts' Print button: hidden in the HTML, shown where this script runs (without it the
// page says how to print), and hidden again on paper by handouts.css.
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
