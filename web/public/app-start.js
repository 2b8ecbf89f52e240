// Starts the app on a page the server rendered for a visitor (docs/0024-app-starts-after-the-first-paint.md).
// The page is painted from its HTML, so the app's code is not needed for it: the server lists that
// code on this script's tag instead of in the page's head (data-entry: the app's entry module,
// data-preload: the modules it and the page's screen import), and this adds it as soon as the page
// has been painted. Nothing of it is then fetched, parsed or run before the first paint. An
// external script: the Content-Security-Policy refuses inline ones (docs/0007-production-defaults.md).
// Until the app has taken the page over (it fires `lfit:app-started` on window after its first
// commit), a tap on a button or a choice in a list is kept and given to the app then, so no tap
// is lost; a link works as a link meanwhile. Chromium's install offer, which may come before the
// app, is kept for it too (web/src/pwa/install.ts).
;(function () {
  var tag = document.currentScript
  var entry = tag && tag.getAttribute('data-entry')
  if (!entry) return
  var preload = (tag.getAttribute('data-preload') || '').split(' ')
  var started = false
  function start() {
    if (started) return
    started = true
    var script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.head.appendChild(script)
    // Every module beside the entry, so they load in parallel, not as the entry's imports are
    // discovered one level at a time. One per task: each request started costs the main thread
    // something (much more when the browser is instrumented, as under Lighthouse), and all of
    // them in one task made a long task right after the paint (docs/0024).
    var next = 0
    function preloadNext() {
      if (next >= preload.length) return
      var href = preload[next++]
      if (href) {
        var link = document.createElement('link')
        link.rel = 'modulepreload'
        link.crossOrigin = ''
        link.href = href
        document.head.appendChild(link)
      }
      setTimeout(preloadNext)
    }
    preloadNext()
    // The first use of each storage area waits for the browser to open it, a few milliseconds
    // on a slow phone, and the app's code reads both while it is evaluated (the router its scroll
    // positions, the session the last user): opened here in tasks of their own while that code
    // is on its way, not inside its evaluation, one long task (docs/0024).
    setTimeout(function () {
      openStorage('sessionStorage')
      setTimeout(function () {
        openStorage('localStorage')
      })
    })
  }
  function openStorage(name) {
    try {
      return window[name] !== null
    } catch (e) {
      return false // storage refused (a privacy setting): the app does without
    }
  }
  // The first contentful paint: the page's HTML is on screen. (A browser without paint timing
  // starts the app a frame after the load.)
  var observer = window.PerformanceObserver
  if (observer && (observer.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new observer(function (list, self) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      self.disconnect()
      start()
    }).observe({ type: 'paint', buffered: true })
  } else {
    window.addEventListener('load', function () {
      requestAnimationFrame(function () {
        setTimeout(start)
      })
    })
  }

  var root = document.getElementById('app')
  /** Where an element is under the app's root, as child positions: found again in a page the app
   * rendered anew (a device whose clock is on another day than the server's, web/src/main.tsx). */
  function placeOf(element) {
    var place = []
    for (var at = element; at && at !== root; at = at.parentElement) {
      place.unshift(Array.prototype.indexOf.call(at.parentElement.children, at))
    }
    return place
  }
  function elementAt(place, tagName) {
    var at = root
    for (var i = 0; at && i < place.length; i++) at = at.children[place[i]]
    return at && at.tagName === tagName ? at : null
  }
  var kept = []
  function keep(control, value) {
    kept.push({ control: control, place: placeOf(control), tagName: control.tagName, value: value })
  }
  function keepClick(event) {
    var control = event.target instanceof Element && event.target.closest('button')
    if (!control || control.disabled || !root || !root.contains(control)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    keep(control)
  }
  function keepChoice(event) {
    var list = event.target
    if (!(list instanceof HTMLSelectElement) || !root || !root.contains(list)) return
    event.stopImmediatePropagation()
    keep(list, list.value)
  }
  /**
   * True when the action reached the page's document: React stops an event on a part it has not
   * yet taken over (its code still loading after the first commit), and that part is tried again.
   */
  function given(control, action) {
    var reached = false
    var seen = function () {
      reached = true
    }
    var type = action.value === undefined ? 'click' : 'change'
    document.addEventListener(type, seen)
    if (type === 'click') control.click()
    else {
      control.value = action.value
      control.dispatchEvent(new Event('change', { bubbles: true }))
    }
    document.removeEventListener(type, seen)
    return reached
  }
  var tries = 0
  // In order, to the same control, or the one in its place when the app rendered the page anew.
  // (A handler that stops the event itself would be given it again: the controls of these pages
  // do not.)
  function giveKept() {
    while (kept.length > 0) {
      var action = kept[0]
      var control = action.control.isConnected
        ? action.control
        : elementAt(action.place, action.tagName)
      if (control && !given(control, action) && tries++ < 100) return setTimeout(giveKept, 50)
      kept.shift()
    }
  }
  document.addEventListener('click', keepClick, true)
  document.addEventListener('change', keepChoice, true)
  window.addEventListener(
    'lfit:app-started',
    function () {
      document.removeEventListener('click', keepClick, true)
      document.removeEventListener('change', keepChoice, true)
      giveKept()
    },
    { once: true },
  )
  window.addEventListener('beforeinstallprompt', function (event) {
    if (window.lfitInstallPrompt === null) return
    event.preventDefault()
    window.lfitInstallPrompt = event
  })
})()
