// Site analytics, served from the site itself: one anonymous page-view event per page shown
// (path, referrer, language, screen width), posted to /a/event. No cookies, no user id.
// Visiting /noTrack sets the lfit:noTrack flag and this browser sends nothing from then on.
;(function () {
  var ENDPOINT = '/a/event'
  var FLAG = 'lfit:noTrack'
  function off() {
    try {
      if (localStorage.getItem(FLAG) === '1') return true
    } catch (e) {
      return true
    }
    return navigator.doNotTrack === '1' || /^\/notrack\/?$/i.test(location.pathname)
  }
  var last = null
  function send() {
    if (off() || location.pathname === last) return
    last = location.pathname
    var body = JSON.stringify({
      type: 'pageview',
      path: location.pathname,
      referrer: document.referrer || null,
      lang: document.documentElement.lang || null,
      width: window.innerWidth,
      ts: Date.now(),
    })
    try {
      if (
        navigator.sendBeacon &&
        navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }))
      )
        return
      fetch(ENDPOINT, {
        method: 'POST',
        body: body,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      }).catch(function () {})
    } catch (e) {
      // Analytics never breaks the page.
    }
  }
  function wrap(name) {
    var original = history[name]
    history[name] = function () {
      var result = original.apply(this, arguments)
      setTimeout(send, 0)
      return result
    }
  }
  wrap('pushState')
  wrap('replaceState')
  window.addEventListener('popstate', function () {
    setTimeout(send, 0)
  })
  if (document.readyState === 'complete') send()
  else window.addEventListener('load', send)
})()
