// Progressive enhancement only: every action also works without this script.
(function () {
  'use strict';

  // Copy buttons next to secrets and examples.
  document.addEventListener('click', function (ev) {
    var btn = ev.target.closest && ev.target.closest('button.copy');
    if (!btn) return;
    var src = document.querySelector(btn.getAttribute('data-copy'));
    if (!src) return;
    var text = src.textContent;
    var label = btn.textContent;
    function ok() { btn.textContent = '✓'; setTimeout(function () { btn.textContent = label; }, 1500); }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(ok, function () { selectText(src); });
    else selectText(src);
  });
  function selectText(el) {
    var r = document.createRange(); r.selectNodeContents(el);
    var s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
  }

  // Clock times come from the server in UTC; shown in the reader's own time zone, named, with the UTC time as the tooltip.
  var local = null;
  try {
    local = new Intl.DateTimeFormat(document.documentElement.getAttribute('data-intl') || undefined,
      { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  } catch { local = null; }
  if (local) document.querySelectorAll('time[data-local]').forEach(function (t) {
    var d = new Date(t.getAttribute('datetime'));
    if (isNaN(d.getTime())) return;
    t.title = t.textContent;
    t.textContent = local.format(d);
  });

  // Charts wider than a phone scroll in their box: start at the right end, where the newest calls are.
  document.querySelectorAll('.chartbox').forEach(function (box) { box.scrollLeft = box.scrollWidth; });

  // Webhook events: "All events" and single events exclude each other (the server refuses both).
  document.addEventListener('change', function (ev) {
    var box = ev.target;
    if (!box.checked || box.name !== 'events' || !box.closest('fieldset.events')) return;
    box.closest('fieldset.events').querySelectorAll('input[name="events"]').forEach(function (other) {
      if (other !== box && (box.value === '*' || other.value === '*')) other.checked = false;
    });
  });

  // Confirmation for destructive forms.
  document.addEventListener('submit', function (ev) {
    var msg = ev.target.getAttribute && ev.target.getAttribute('data-confirm');
    if (msg && !window.confirm(msg)) ev.preventDefault();
  });

  // What a form held when it was sent stays in this tab (sessionStorage, never passwords or the
  // token), with the user who sent it. If the session had ended, the server saved nothing and
  // sends the browser to Sign in, then back to the page with #restore: the same user finds the
  // form filled in again, to be sent once more. Any other page forgets it.
  var KEEP = 'rz-form:';
  var me = document.documentElement.getAttribute('data-user');
  function forget() {
    try {
      Object.keys(sessionStorage).forEach(function (k) { if (k.indexOf(KEEP) === 0) sessionStorage.removeItem(k); });
    } catch { /* storage unavailable */ }
  }
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !me || String(form.method).toLowerCase() !== 'post' || form.querySelector('input[type="password"]')) return;
    var values = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === '_csrf' || /^(hidden|submit|button|file|password)$/.test(el.type)) return;
      values.push(el.type === 'checkbox' || el.type === 'radio' ? [el.name, el.value, el.checked] : [el.name, el.value]);
    });
    if (values.length === 0) return;
    try { sessionStorage.setItem(KEEP + form.getAttribute('action'), JSON.stringify({ user: me, values: values })); } catch { /* storage unavailable */ }
  });
  if (location.hash === '#restore') {
    history.replaceState(null, '', location.pathname + location.search);
    document.querySelectorAll('form').forEach(function (form) {
      var saved = null;
      try { saved = JSON.parse(sessionStorage.getItem(KEEP + form.getAttribute('action')) || 'null'); } catch { /* none */ }
      if (!saved || saved.user !== me) return;
      saved.values.forEach(function (v) {
        Array.prototype.forEach.call(form.elements, function (el) {
          if (el.name !== v[0]) return;
          if (el.type === 'checkbox' || el.type === 'radio') { if (el.value === v[1]) el.checked = v[2]; } else el.value = v[1];
        });
      });
      var box = form.closest('details');
      if (box) box.open = true;
    });
  }
  if (location.pathname !== '/signin') forget();

  // Analyse a call: a chosen transcript file is read here into the transcript field (the form
  // sends text only, so pasting works without this script). The texts come from the page.
  var MAX_FILE_BYTES = 2000000; // 500,000 characters of at most 4 bytes each
  var pick = document.querySelector('[data-transcript-file]');
  if (pick && window.FileReader) {
    pick.hidden = false;
    var fileInput = pick.querySelector('input[type="file"]');
    var fileError = pick.querySelector('#c-file-error');
    var showFileError = function (text) { fileError.textContent = text; fileError.hidden = !text; };
    fileInput.addEventListener('change', function () {
      var file = fileInput.files && fileInput.files[0];
      showFileError('');
      if (!file) return;
      if (file.size > MAX_FILE_BYTES) { showFileError(fileInput.getAttribute('data-too-big')); return; }
      var reader = new FileReader();
      reader.onerror = function () { showFileError(fileInput.getAttribute('data-unreadable')); };
      reader.onload = function () {
        var text = String(reader.result || '');
        if (text.indexOf('\u0000') >= 0) { showFileError(fileInput.getAttribute('data-not-text')); return; }
        document.getElementById('c-transcript').value = text.replace(/^\uFEFF/, '');
        var name = document.getElementById('c-filename');
        if (name && !name.value) name.value = file.name;
      };
      reader.readAsText(file);
    });
  }

  // A call being analysed: ask for its status now and then; open the call's page when it is done.
  // Without this script the progress page reloads itself (<noscript> refresh).
  var watch = document.querySelector('[data-call-status]');
  if (watch && window.fetch) {
    var delay = 1000;
    var statusText = watch.querySelector('[data-status]');
    var poll = function () {
      fetch(watch.getAttribute('data-call-status'), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (res) { return res.ok && /json/.test(res.headers.get('content-type') || '') ? res.json() : null; })
        .then(function (body) {
          if (!body) return; // gone or signed out: stop asking
          if (body.status === 'done' || body.status === 'failed') { location.replace(watch.getAttribute('data-call-page')); return; }
          var text = statusText && watch.getAttribute('data-' + body.status);
          if (text && statusText.getAttribute('data-status') !== body.status) { statusText.textContent = text; statusText.setAttribute('data-status', body.status); }
          delay = Math.min(delay * 1.5, 5000);
          setTimeout(poll, delay);
        }, function () { setTimeout(poll, 5000); });
    };
    setTimeout(poll, delay);
  }

  // ---- Pipeline board (CRM): drag and drop, and keyboard moves -----------------------------
  // A card moves in place: the stage form's endpoint is posted with the form token, asking for
  // JSON; the card, the column totals and an aria-live line follow the answer. An answer that is
  // not JSON (session ended, form expired, licence not in force) is left to the plain form post,
  // whose pages say what happened.
  var boardEl = document.getElementById('board');
  if (boardEl) initBoard(boardEl);
  function initBoard(board) {
    var status = document.getElementById('board-status');
    var cols = Array.prototype.slice.call(board.querySelectorAll('.column[data-stage]'));
    var intl = document.documentElement.getAttribute('data-intl') || undefined;
    var dragged = null;
    var busy = false;
    function fill(tpl, vals) { return String(tpl).replace(/\{(\w+)\}/g, function (m, k) { return k in vals ? vals[k] : m; }); }
    function say(text, error) { status.textContent = text; status.classList.toggle('error', !!error); }
    function money(cents) {
      return new Intl.NumberFormat(intl, { style: 'currency', currency: 'EUR', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
    }
    function adjust(col, card, sign) {
      var total = col.querySelector('.coltotal');
      var n = Number(total.getAttribute('data-count')) + sign;
      var cents = Number(total.getAttribute('data-cents')) + sign * Number(card.getAttribute('data-cents'));
      total.setAttribute('data-count', String(n));
      total.setAttribute('data-cents', String(cents));
      total.textContent = n + ' · ' + money(cents);
      // "N more in this stage": the column's deals less the cards it shows.
      var more = col.querySelector('.morelink');
      if (!more) return;
      var rest = n - col.querySelectorAll('.dealcard').length;
      more.hidden = rest <= 0;
      more.textContent = rest > 0 ? fill(more.getAttribute('data-more'), { n: rest }) : '';
    }
    function plainPost(card, stage) {
      var f = document.createElement('form');
      f.method = 'post';
      f.action = '/deals/' + encodeURIComponent(card.getAttribute('data-deal')) + '/stage';
      [['_csrf', board.getAttribute('data-csrf')], ['stage', stage]].forEach(function (kv) {
        var i = document.createElement('input'); i.type = 'hidden'; i.name = kv[0]; i.value = kv[1]; f.appendChild(i);
      });
      document.body.appendChild(f);
      f.submit();
    }
    function landed(card, from, col, answer) {
      var focused = card.contains(document.activeElement);
      col.querySelector('.cards').prepend(card);
      adjust(from, card, -1);
      adjust(col, card, 1);
      card.querySelector('.age').textContent = board.getAttribute('data-msg-today');
      if (focused) card.focus();
      say(answer.message, false);
    }
    function move(card, col) {
      var from = card.closest('.column');
      if (busy || !col || col === from) return;
      var title = card.getAttribute('data-title');
      var stage = col.getAttribute('data-stage');
      busy = true;
      say(fill(board.getAttribute('data-msg-moving'), { title: title, stage: col.getAttribute('data-label') }), false);
      var body = new URLSearchParams();
      body.set('_csrf', board.getAttribute('data-csrf'));
      body.set('stage', stage);
      fetch('/deals/' + encodeURIComponent(card.getAttribute('data-deal')) + '/stage', { method: 'POST', body: body, credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) {
          if ((res.headers.get('content-type') || '').indexOf('application/json') !== 0) return null;
          return res.json();
        })
        .then(function (answer) {
          busy = false;
          if (!answer) return plainPost(card, stage);
          if (!answer.ok) return say(fill(board.getAttribute('data-msg-failed'), { title: title, reason: answer.message }), true);
          landed(card, from, col, answer);
        }, function () { busy = false; plainPost(card, stage); });
    }
    // ↑/↓: focus the previous or next card of the column (stays put at either end).
    function step(card, down) {
      var cards = Array.prototype.slice.call(card.closest('.cards').querySelectorAll('.dealcard'));
      var next = cards[cards.indexOf(card) + (down ? 1 : -1)];
      if (next) next.focus();
    }
    board.addEventListener('keydown', function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || !/^Arrow(Right|Left|Up|Down)$/.test(ev.key)) return;
      var card = ev.target.closest && ev.target.closest('.dealcard');
      if (!card) return;
      ev.preventDefault();
      if (ev.key === 'ArrowUp' || ev.key === 'ArrowDown') return step(card, ev.key === 'ArrowDown');
      var j = cols.indexOf(card.closest('.column')) + (ev.key === 'ArrowRight' ? 1 : -1);
      var title = card.getAttribute('data-title');
      if (j < 0) return say(fill(board.getAttribute('data-msg-first'), { title: title }), true);
      if (j >= cols.length) return say(fill(board.getAttribute('data-msg-last'), { title: title }), true);
      move(card, cols[j]);
    });
    board.addEventListener('dragstart', function (ev) {
      var card = ev.target.closest && ev.target.closest('.dealcard[draggable="true"]');
      if (!card) return;
      dragged = card;
      card.classList.add('dragging');
      ev.dataTransfer.effectAllowed = 'move';
      ev.dataTransfer.setData('text/plain', card.getAttribute('data-deal'));
    });
    board.addEventListener('dragend', function () {
      if (dragged) dragged.classList.remove('dragging');
      dragged = null;
      board.querySelectorAll('.column.drop-target').forEach(function (c) { c.classList.remove('drop-target'); });
    });
    board.addEventListener('dragover', function (ev) {
      var col = ev.target.closest && ev.target.closest('.column[data-stage]');
      if (!col || !dragged) return;
      ev.preventDefault();
      col.classList.add('drop-target');
    });
    board.addEventListener('dragleave', function (ev) {
      var col = ev.target.closest && ev.target.closest('.column[data-stage]');
      if (col && !col.contains(ev.relatedTarget)) col.classList.remove('drop-target');
    });
    board.addEventListener('drop', function (ev) {
      var col = ev.target.closest && ev.target.closest('.column[data-stage]');
      if (!col || !dragged) return;
      ev.preventDefault();
      col.classList.remove('drop-target');
      move(dragged, col);
    });
  }
  // ---- end of the pipeline board ---------------------------------------------------------

  // ---- Header search (CRM): "/" focuses the search box from any page, unless typing --------
  document.addEventListener('keydown', function (ev) {
    if (ev.key !== '/' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var el = document.activeElement;
    if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
    var box = document.getElementById('hq');
    if (!box) return;
    ev.preventDefault();
    box.focus();
    box.select();
  });
  // ---- end of the header search -----------------------------------------------------------
})();
