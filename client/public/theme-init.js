// Runs before first paint (a classic, parser-blocking script, allowed by the CSP as same-origin):
// the page language from the URL, and dark mode from the saved choice or the system preference.
(function () {
  var root = document.documentElement;
  var path = location.pathname;
  if (path === '/am' || path.indexOf('/am/') === 0) root.lang = 'am';
  var saved = null;
  try {
    saved = localStorage.getItem('qal.theme');
  } catch {
    // storage blocked: fall back to the system preference
  }
  var dark = saved ? saved === 'dark' : !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
