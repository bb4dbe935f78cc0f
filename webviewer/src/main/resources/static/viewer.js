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
      if (window.emergoBoard) window.emergoBoard.reset();
    }).catch(function () { location.href = url; });
  }
  window.emergoShow = show;

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

// The analysis board (docs/viewer.md#the-analysis-board), and the boards of puzzles and
// retries: a move is clicked on the board, the
// column (or the men in hand, for an entry) and then where it goes, a capture square by square;
// the move chosen follows the link the page lists for it, so that the script knows no rule of
// the game: the legal moves and their addresses come from the server. Without script the same
// links are there to follow.
(function () {
  'use strict';
  var picked = []; // squares clicked so far; '@' for the men in hand

  function choices() {
    return Array.prototype.slice.call(document.querySelectorAll('#legal-moves .choice'));
  }

  function route(a) {
    return a.getAttribute('data-route').split(' ');
  }

  // the moves whose route begins with the squares picked ('@' matches an entry's start)
  function candidates() {
    return choices().filter(function (a) {
      var r = route(a);
      var squares = picked[0] === '@' ? picked.slice(1) : picked;
      if (picked[0] === '@' && r.length !== 1) return false;
      if (squares.length > r.length) return false;
      for (var i = 0; i < squares.length; i++) if (r[i] !== squares[i]) return false;
      return true;
    });
  }

  function mark() {
    var board = document.querySelector('#board svg.board');
    if (!board) return;
    Array.prototype.forEach.call(board.querySelectorAll('.picked, .target'), function (el) {
      el.classList.remove('picked');
      el.classList.remove('target');
    });
    var squares = picked[0] === '@' ? picked.slice(1) : picked;
    squares.forEach(function (sq) {
      var g = board.querySelector('g.square[data-square="' + sq + '"]');
      if (g) g.classList.add('picked');
    });
    if (picked[0] === '@') {
      var hand = board.querySelector('g.hand.to-move');
      if (hand) hand.classList.add('picked');
    }
    if (picked.length === 0) return;
    candidates().forEach(function (a) {
      var r = route(a);
      var next = r[squares.length];
      var g = next && board.querySelector('g.square[data-square="' + next + '"]');
      if (g) g.classList.add('target');
    });
  }

  // a link (the analysis board) is followed in place; a puzzle's or a retry's button submits its form
  function go(a) {
    picked = [];
    mark();
    if (a.tagName === 'BUTTON') a.click();
    else if (window.emergoShow && document.getElementById('game')) window.emergoShow(a.href, true);
    else location.href = a.href;
  }

  function pick(square) {
    picked.push(square);
    var left = candidates();
    if (left.length === 0) {
      // not a move from what was picked: start again from this square
      picked = square === '@' ? [] : [square];
      left = candidates();
      if (left.length === 0) picked = [];
    }
    var squares = picked[0] === '@' ? picked.slice(1) : picked;
    if (left.length === 1) {
      var r = route(left[0]);
      // a capture with one route goes at once; another move once its last square is picked
      if (left[0].getAttribute('data-capture') === '1' || squares.length === r.length) { go(left[0]); return; }
    } else if (squares.length > 0) {
      var whole = left.filter(function (a) { return route(a).length === squares.length; });
      if (whole.length === 1 && left.length === whole.length) { go(whole[0]); return; }
    }
    mark();
  }

  document.addEventListener('click', function (event) {
    var board = event.target.closest && event.target.closest('#board svg.board');
    if (!board || !document.getElementById('legal-moves')) return;
    var hand = event.target.closest('g.hand');
    if (hand) {
      if (hand.classList.contains('to-move')) { picked = []; pick('@'); }
      return;
    }
    var at = event.target.closest('[data-square]');
    if (!at) return;
    event.preventDefault();
    pick(at.getAttribute('data-square'));
  });

  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && picked.length) { picked = []; mark(); }
  });

  window.emergoBoard = { reset: function () { picked = []; } };
})();

// The game page's "Copy the moves": the game's moves as text onto the clipboard.
(function () {
  'use strict';
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('#copy-moves');
    if (!button) return;
    var text = button.getAttribute('data-moves');
    var status = document.getElementById('copy-status');
    function said(words) { if (status) status.textContent = words; }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { said('Copied.'); }, function () { said('Select and copy: ' + text); });
    } else {
      said('Select and copy: ' + text);
    }
  });
})();
