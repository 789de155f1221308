// Runs before first paint (a classic, parser-blocking script, allowed by the CSP as same-origin):
// the page language from the URL, dark mode from the saved choice or the system preference, and the preloads of
// what this page will load after the entry (client/build/first-load.ts).
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

// The page's code, styles, texts and font, and its first API reads, asked for now so they download with the entry
// instead of after it.
(function () {
  var data = document.getElementById('qal-first-load');
  if (!data) return; // the dev server: no build, no plan
  var plan;
  try {
    plan = JSON.parse(data.textContent);
  } catch {
    return;
  }
  var lang = document.documentElement.lang === 'am' ? 'am' : location.pathname === '/' ? preferredLanguage() : 'en';
  var segments = location.pathname.split('/').filter(Boolean);
  if (segments[0] === 'am') segments.shift();
  var key = segments.length <= 1 ? segments[0] || '' : null;
  var page = key !== null && Object.prototype.hasOwnProperty.call(plan.pages, key) ? plan.pages[key] : undefined;
  var files = (plan.always[lang] || []).slice();
  if (page) {
    files = files.concat(page.files);
    for (var i = 0; i < page.namespaces.length; i++) files.push((plan.namespaces[lang] || {})[page.namespaces[i]]);
  }
  for (var j = 0; j < files.length; j++) {
    if (!files[j]) continue;
    var link = document.createElement('link');
    if (/\.js$/.test(files[j])) {
      link.rel = 'modulepreload';
    } else {
      link.rel = 'preload';
      link.as = /\.css$/.test(files[j]) ? 'style' : 'font';
      if (link.as === 'font') {
        link.type = 'font/woff2';
        link.crossOrigin = 'anonymous';
      }
    }
    link.href = plan.base + files[j];
    document.head.appendChild(link);
  }
  // Fetched as the page's own fetch() does (CORS mode, same-origin credentials), so that fetch gets this answer.
  var reads = page ? page.reads || [] : [];
  for (var r = 0; r < reads.length; r++) {
    var read = document.createElement('link');
    read.rel = 'preload';
    read.as = 'fetch';
    read.crossOrigin = 'anonymous';
    read.href = reads[r];
    document.head.appendChild(read);
  }

  // What src/lib/locale.ts's preferredLocale picks on a bare '/', which main.tsx then opens in that language.
  function preferredLanguage() {
    var saved = /(?:^|;\s*)lng=([^;]*)/.exec(document.cookie);
    if (saved && (saved[1] === 'en' || saved[1] === 'am')) return saved[1];
    var languages = navigator.languages || [navigator.language];
    for (var k = 0; k < languages.length; k++) {
      var base = String(languages[k]).toLowerCase().split('-')[0];
      if (base === 'en' || base === 'am') return base;
    }
    return 'en';
  }
})();
