"use strict";
(function () {
  var bulletins = Array.prototype.slice.call(document.querySelectorAll("article.bulletin"));
  var champ = function (id) { return document.getElementById(id); };
  var filtres = { coup: champ("filtre-coup"), table: champ("filtre-table"), motif: champ("filtre-motif"), etat: champ("filtre-etat") };
  var compte = champ("compte");
  var nbCorrections = champ("nb-corrections");
  var apercu = champ("apercu");

  function texte(b) { return b.querySelector("textarea.texte-lecture"); }
  function inclus(b) { return b.querySelector(".inclure input"); }
  function mots(b, cle) { var v = b.getAttribute(cle) || ""; return v === "" ? [] : v.split(" "); }

  // Un bulletin passe les filtres : coup, table, motif, et ce qui attire l'attention.
  function passe(b) {
    if (filtres.coup.value !== "" && b.dataset.coup !== filtres.coup.value) { return false; }
    var table = filtres.table.value.trim();
    if (table !== "" && b.dataset.table !== String(parseInt(table, 10))) { return false; }
    if (filtres.motif.value !== "" && mots(b, "data-motifs").indexOf(filtres.motif.value) < 0) { return false; }
    var etat = filtres.etat.value;
    if (etat === "attention") { return mots(b, "data-etats").length > 0; }
    if (etat === "corrigee") { return inclus(b).checked; }
    return etat === "" || mots(b, "data-etats").indexOf(etat) >= 0;
  }

  // Les filtres se lisent et s'écrivent dans l'adresse : revue.html#coup=2&etat=a-verifier.
  function lireAdresse() {
    location.hash.replace(/^#/, "").split("&").forEach(function (paire) {
      var kv = paire.split("=");
      var f = filtres[decodeURIComponent(kv[0] || "")];
      if (f && kv.length === 2) { f.value = decodeURIComponent(kv[1]); }
    });
  }
  function ecrireAdresse() {
    var h = Object.keys(filtres).filter(function (k) { return filtres[k].value !== ""; })
      .map(function (k) { return k + "=" + encodeURIComponent(filtres[k].value); }).join("&");
    try { history.replaceState(null, "", h === "" ? location.pathname : "#" + h); } catch (e) { /* adresse inchangée */ }
  }

  function filtrer() {
    ecrireAdresse();
    var n = 0;
    bulletins.forEach(function (b) { b.hidden = !passe(b); if (!b.hidden) { n += 1; } });
    compte.textContent = n + " bulletin" + (n > 1 ? "s" : "") + " affiché" + (n > 1 ? "s" : "") + " sur " + bulletins.length;
  }

  // Une lecture concurrente remplace celle du bulletin, incluse dans les corrections.
  function prendre(b, bouton) {
    texte(b).value = bouton.dataset.texte;
    b.classList.add("modifiee");
    inclus(b).checked = true;
    compterCorrections();
  }

  function corrections() { return bulletins.filter(function (b) { return inclus(b).checked && texte(b).value.trim() !== ""; }); }

  // Le bulletin (table et coup) que nomme l'en-tête d'une lecture, « table/coup », s'il se lit.
  function cle(t) {
    var m = /^[ \t]*bulletin[ \t]+table[ \t]*=[ \t]*(\d+)[ \t]+coup[ \t]*=[ \t]*(\d+)/m.exec(t);
    return m ? parseInt(m[1], 10) + "/" + parseInt(m[2], 10) : null;
  }
  // Le bulletin où la machine a rangé le scan ; aucun pour une image rejetée.
  function origine(b) { return b.dataset.table === "" ? null : parseInt(b.dataset.table, 10) + "/" + parseInt(b.dataset.coup, 10); }

  // Le fichier de corrections : les lectures incluses, par coup puis par table. Une lecture
  // dont la personne a changé le numéro de table (ou le coup) fait passer le scan à ce
  // bulletin-là : sa ligne « scan: » l'y emmène, et la table où la machine l'avait rangé
  // n'a plus de bulletin lu (son absence sera jugée comme toute autre). Sans ligne
  // « scan: » (effacée), le fichier dit cette table « absent », sauf si une autre lecture
  // incluse lui en donne un.
  function contenuCorrections() {
    var choisis = corrections().sort(function (a, b) {
      return (a.dataset.coup - b.dataset.coup) || (a.dataset.table - b.dataset.table);
    });
    var lues = {};
    choisis.forEach(function (b) { var k = cle(texte(b).value) || origine(b); if (k !== null) { lues[k] = (lues[k] || 0) + 1; } });
    var entrees = [];
    choisis.forEach(function (b) {
      var v = texte(b).value.replace(/\r\n?/g, "\n");
      var k = cle(v);
      entrees.push(v.endsWith("\n") ? v : v + "\n");
      if (k !== null && origine(b) !== null && k !== origine(b) && !lues[origine(b)] && !/^[ \t]*scan[ \t]*:/mi.test(v)) {
        lues[origine(b)] = 1;
        var vers = k.split("/");
        entrees.push("# Le scan rangé par la machine à la table " + b.dataset.table + " au coup " + b.dataset.coup +
          " est le bulletin de la table " + vers[0] + " au coup " + vers[1] + " : la table " + b.dataset.table + " n'a plus de bulletin lu à ce coup.\n" +
          "bulletin table=" + b.dataset.table + " coup=" + b.dataset.coup + "\nabsent\n");
      }
    });
    var doubles = Object.keys(lues).filter(function (k) { return lues[k] > 1 && k.split("/")[0] !== "0"; });
    // Table 0 : le numéro de table n'a pas été lu (image rejetée) ; à écrire avant d'enregistrer.
    var sansTable = Object.keys(lues).filter(function (k) { return k.split("/")[0] === "0"; }).reduce(function (n, k) { return n + lues[k]; }, 0);
    var titre = champ("bulletins").dataset.titre || "";
    return {
      nombre: choisis.length,
      doubles: doubles,
      sansTable: sansTable,
      texte: "# Corrections de lecture relues par une personne — " + titre.replace(/[\r\n]+/g, " ") + "\n" +
        "# À donner à arbitre run --corrections (format texte des lectures)\n" +
        champ("bulletins").dataset.ligneEmpreinte + " " + champ("bulletins").dataset.empreintePartie + "\n\n" +
        entrees.join("\n")
    };
  }

  function compterCorrections() {
    var c = contenuCorrections();
    var attention = c.doubles.map(function (k) {
      var tc = k.split("/");
      return " — attention : deux lectures pour la table " + tc[0] + " au coup " + tc[1] + " (seule la première comptera)";
    }).join("") + (c.sansTable === 0 ? "" : " — attention : " + c.sansTable + " lecture" + (c.sansTable > 1 ? "s" : "") +
      " sans numéro de table (table=0) : écrivez dans l'en-tête le numéro lu sur le scan");
    nbCorrections.textContent = (c.nombre === 0 ? "aucune lecture à enregistrer" : c.nombre + " lecture" + (c.nombre > 1 ? "s" : "") + " à enregistrer") + attention;
    apercu.textContent = c.nombre === 0 ? "" : c.texte;
  }

  Object.keys(filtres).forEach(function (k) {
    filtres[k].addEventListener("input", filtrer);
    filtres[k].addEventListener("change", filtrer);
  });
  champ("filtres").addEventListener("submit", function (ev) { ev.preventDefault(); });

  bulletins.forEach(function (b) {
    var t = texte(b);
    t.addEventListener("input", function () {
      var modifiee = t.value !== t.defaultValue;
      b.classList.toggle("modifiee", modifiee);
      if (modifiee) { inclus(b).checked = true; }
      compterCorrections();
    });
    inclus(b).addEventListener("change", compterCorrections);
    Array.prototype.forEach.call(b.querySelectorAll("button.prendre"), function (bouton) {
      bouton.addEventListener("click", function () {
        prendre(b, bouton);
        texte(b).focus();
      });
    });
  });

  champ("enregistrer").addEventListener("click", function () {
    var c = contenuCorrections();
    if (c.nombre === 0) { nbCorrections.textContent = "aucune lecture à enregistrer : modifiez une lecture ou cochez « Inclure »"; return; }
    var url = URL.createObjectURL(new Blob([c.texte], { type: "text/plain;charset=utf-8" }));
    var a = document.createElement("a");
    a.href = url;
    a.download = "corrections.txt";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    nbCorrections.textContent = c.nombre + " lecture" + (c.nombre > 1 ? "s" : "") + " enregistrée" + (c.nombre > 1 ? "s" : "") + " dans corrections.txt";
  });

  // Clavier : j/↓ suivant, k/↑ précédent, e modifier la lecture, v lecture juste (incluse
  // telle quelle, puis le suivant), 1 à 9 la lecture concurrente de ce rang (prise, puis le
  // suivant), Échap revenir au bulletin.
  function courant() { return document.activeElement && document.activeElement.closest ? document.activeElement.closest("article.bulletin") : null; }
  function aller(sens) {
    var visibles = bulletins.filter(function (b) { return !b.hidden; });
    if (visibles.length === 0) { return; }
    var i = visibles.indexOf(courant());
    var j = i < 0 ? (sens > 0 ? 0 : visibles.length - 1) : Math.min(visibles.length - 1, Math.max(0, i + sens));
    visibles[j].focus();
    visibles[j].scrollIntoView({ block: "start" });
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var cible = ev.target;
    var saisie = cible && (cible.tagName === "TEXTAREA" || cible.tagName === "INPUT" || cible.tagName === "SELECT");
    if (saisie) {
      if (ev.key === "Escape" && courant()) { ev.preventDefault(); courant().focus(); }
      return;
    }
    if (ev.key === "j" || ev.key === "ArrowDown") { ev.preventDefault(); aller(1); }
    else if (ev.key === "k" || ev.key === "ArrowUp") { ev.preventDefault(); aller(-1); }
    else if (ev.key === "e" && courant()) { ev.preventDefault(); texte(courant()).focus(); }
    else if (ev.key === "v" && courant()) {
      // La personne a relu le scan : la lecture affichée est juste.
      ev.preventDefault();
      var b = courant();
      inclus(b).checked = true;
      b.classList.add("relue");
      compterCorrections();
      aller(1);
    }
    else if (/^[1-9]$/.test(ev.key) && courant()) {
      // La personne a lu sur le scan l'une des lectures concurrentes : elle la prend.
      var lu = courant();
      var bouton = lu.querySelectorAll("button.prendre")[parseInt(ev.key, 10) - 1];
      if (!bouton) { return; }
      ev.preventDefault();
      prendre(lu, bouton);
      aller(1);
    }
  });

  lireAdresse();
  filtrer();
  compterCorrections();
  document.documentElement.dataset.pret = "oui";
})();
