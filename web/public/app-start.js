// Starts the app on a page the server rendered for a visitor (docs/0024-app-starts-after-the-first-paint.md).
// The page is painted from its HTML, so the app's code is not needed for it: the server lists that
// code on this script's tag instead of in the page's head (data-entry: the app's entry module,
// data-preload: the modules it and the page's screen import), and this adds it once the page has
// loaded and painted. Nothing of it is then fetched, parsed or run before the first paint. An
// external script: the Content-Security-Policy refuses inline ones (docs/0007-production-defaults.md).
;(function () {
  var tag = document.currentScript
  if (!tag) return
  var entry = tag.getAttribute('data-entry')
  var preload = (tag.getAttribute('data-preload') || '').split(' ')
  function start() {
    // Every module at once, beside the entry, so they load in parallel, not as the entry's imports
    // are discovered one level at a time.
    preload.forEach(function (href) {
      if (!href) return
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.appendChild(link)
    })
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.head.appendChild(script)
  }
  // After the load event, a frame later: the page has been painted by then.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start)
    })
  }
  if (!entry) return
  if (document.readyState === 'complete') afterPaint()
  else window.addEventListener('load', afterPaint, { once: true })
})()
