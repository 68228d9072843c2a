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
