// The API reads of the page asked for, sent while the page's scripts
// download (see earlyreads.go). Runs inline, first in the head; the policy
// allows exactly this text by its hash. The web app takes each answer
// instead of asking again (frontend/src/api/earlyRequests.ts) when its
// address, token and language are the same.
(function () {
  try {
    var data = JSON.parse(document.getElementById('praksis-reads').textContent);
    var token = sessionStorage.getItem('token');
    // A page kept offline by the service worker is another path's.
    if (!token || !token.trim() || data.path !== location.pathname) return;
    var language = data.lang;
    try {
      language = localStorage.getItem('language') || language;
    } catch (e) {}
    var started = {};
    data.reads.forEach(function (read) {
      var url = location.origin + '/api/' + read;
      var answer = fetch(url, { headers: { 'Accept-Language': language, Authorization: 'Bearer ' + token } });
      answer.catch(function () {});
      started[url] = answer;
    });
    window.__praksisReads = { token: token, language: language, started: started };
  } catch (e) {}
})();
// A returning visit in this tab paints the page as the tab last drew it,
// inert, until the app has drawn it (frontend/src/pwa/pageSnapshot.ts).
(function () {
  try {
    var token = sessionStorage.getItem('token');
    var kept = sessionStorage.getItem('praksis-snapshot:' + location.pathname);
    if (!token || !kept) return;
    var payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    var snapshot = JSON.parse(kept);
    if (!payload.sub || snapshot.user !== payload.sub || typeof snapshot.html !== 'string') return;
    var html = document.documentElement;
    var nonce = document.querySelector('meta[name="csp-nonce"]');
    var style = document.createElement('style');
    style.id = 'praksis-snapshot-style';
    if (nonce) style.nonce = nonce.content;
    style.textContent = '.pk-snapshot #root{display:none}\n' + (snapshot.css || '');
    var shown = document.createElement('div');
    shown.id = 'praksis-snapshot';
    // A picture of the page: nothing in it can be used or read out.
    shown.inert = true;
    shown.setAttribute('aria-hidden', 'true');
    shown.innerHTML = snapshot.html;
    shown.querySelectorAll('[data-pk-style]').forEach(function (element) {
      element.style.cssText = element.getAttribute('data-pk-style');
    });
    var release = function () {
      html.classList.remove('pk-snapshot');
      shown.remove();
      style.remove();
    };
    // In place as soon as the parser has made #root, before the first paint.
    var place = function () {
      var root = document.getElementById('root');
      if (!root || html.hasAttribute('data-pk-drawn')) return !!root;
      document.head.appendChild(style);
      root.parentNode.insertBefore(shown, root);
      html.classList.add('pk-snapshot');
      // The app takes over long before; without it the page is not left inert.
      setTimeout(release, 15000);
      return true;
    };
    var watch = new MutationObserver(function () {
      if (place()) watch.disconnect();
    });
    watch.observe(html, { childList: true, subtree: true });
  } catch (e) {}
})();
