// emergo viewer: keyboard stepping on the game page (n and p jump to the next and previous
// mistake of a reviewed game). Every ply is a plain link; this script only follows those links
// from the keyboard, swapping the game in place instead of loading the whole page, and falls
// back to ordinary navigation whenever anything goes wrong.
(function () {
  'use strict';
  document.documentElement.classList.add('script'); // shows what only works with script, such as the keys
  var keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', f: 'flip', F: 'flip',
    n: 'next-mistake', p: 'prev-mistake' };
  var pending = 0;

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName));
  }

  function show(url, push) {
    var ticket = ++pending;
    fetch(url, { headers: { Accept: 'text/html' } }).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.text();
    }).then(function (html) {
      if (ticket !== pending) return; // a later step overtook this one
      var next = new DOMParser().parseFromString(html, 'text/html');
      var fresh = next.getElementById('game');
      var old = document.getElementById('game');
      if (!fresh || !old) { location.href = url; return; }
      var scroller = old.querySelector('.moves-scroll');
      var scrollTop = scroller ? scroller.scrollTop : 0;
      old.replaceWith(fresh);
      document.title = next.title;
      if (push) history.pushState({ emergo: true }, '', url);
      var freshScroller = fresh.querySelector('.moves-scroll');
      if (freshScroller) freshScroller.scrollTop = scrollTop;
      revealCurrent();
    }).catch(function () { location.href = url; });
  }

  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    var id = keys[event.key];
    if (!id || !document.getElementById('game')) return;
    var link = document.getElementById(id);
    if (!link || !link.href) return;
    event.preventDefault();
    show(link.href, true);
  });

  // the puzzle page's keys follow its own links: n the next puzzle, r try again
  var puzzleKeys = { n: 'next-puzzle', r: 'try-again' };
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || document.getElementById('game')) return;
    var link = puzzleKeys[event.key] && document.getElementById(puzzleKeys[event.key]);
    if (!link || !link.href) return;
    event.preventDefault();
    location.href = link.href;
  });

  // the current move in view inside the move list, without scrolling the page
  function revealCurrent() {
    var scroller = document.querySelector('#game .moves-scroll');
    var current = scroller && scroller.querySelector('a.move.current');
    if (!current) return;
    var row = current.closest('tr');
    if (row.offsetTop < scroller.scrollTop || row.offsetTop + row.offsetHeight > scroller.scrollTop + scroller.clientHeight) {
      scroller.scrollTop = row.offsetTop - scroller.clientHeight / 2;
    }
  }
  revealCurrent();

  // the review button: the page waits for the server's review; say so on the button
  document.addEventListener('submit', function (event) {
    var button = event.target.querySelector && event.target.querySelector('#review-button');
    if (!button) return;
    button.textContent = 'Reviewing\u2026';
    button.setAttribute('aria-disabled', 'true');
  });

  window.addEventListener('popstate', function () {
    if (document.getElementById('game')) show(location.href, false);
  });
})();

// The SQL page: a table's or column's name clicked in the schema panel goes into the query at
// the cursor. Without script the panel is still there to read.
(function () {
  'use strict';
  var q = document.getElementById('q');
  if (!q) return;
  document.addEventListener('click', function (e) {
    var name = e.target.closest && e.target.closest('code.name[data-insert]');
    if (!name) return;
    var text = name.getAttribute('data-insert');
    var start = q.selectionStart, end = q.selectionEnd;
    q.value = q.value.slice(0, start) + text + q.value.slice(end);
    q.focus();
    q.selectionStart = q.selectionEnd = start + text.length;
  });
})();
