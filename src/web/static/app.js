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

  // Pipeline: drag a deal card onto another stage column; submits the card's own stage form.
  var dragged = null;
  document.addEventListener('dragstart', function (ev) {
    var card = ev.target.closest && ev.target.closest('.dealcard[draggable="true"]');
    if (!card) return;
    dragged = card; card.classList.add('dragging');
    ev.dataTransfer.effectAllowed = 'move';
    ev.dataTransfer.setData('text/plain', card.getAttribute('data-deal'));
  });
  document.addEventListener('dragend', function () {
    if (dragged) dragged.classList.remove('dragging');
    dragged = null;
    document.querySelectorAll('.column.drop-target').forEach(function (c) { c.classList.remove('drop-target'); });
  });
  document.addEventListener('dragover', function (ev) {
    var col = ev.target.closest && ev.target.closest('.column[data-stage]');
    if (!col || !dragged) return;
    ev.preventDefault();
    col.classList.add('drop-target');
  });
  document.addEventListener('dragleave', function (ev) {
    var col = ev.target.closest && ev.target.closest('.column[data-stage]');
    if (col && !col.contains(ev.relatedTarget)) col.classList.remove('drop-target');
  });
  document.addEventListener('drop', function (ev) {
    var col = ev.target.closest && ev.target.closest('.column[data-stage]');
    if (!col || !dragged) return;
    ev.preventDefault();
    var stage = col.getAttribute('data-stage');
    var form = dragged.querySelector('form.move');
    if (!form || dragged.closest('.column') === col) return;
    form.querySelector('select[name="stage"]').value = stage;
    form.submit();
  });
})();
