//! Le chargement des scans : JPEG, PNG, TIFF et PDF (plusieurs pages : un bulletin par
//! page), WebP et BMP, en gris ou en couleur, décodés directement en niveaux de gris.
//!
//! Un JPEG en couleur est décodé par `zune-jpeg` (le décodeur de la crate `image`)
//! directement en luminance : la chrominance n'est ni suréchantillonnée ni convertie, ce
//! qui divise le temps de décodage. Un fichier vide, tronqué, corrompu, trop grand ou qui
//! n'est pas une image est une erreur qui nomme le fichier ; les autres fichiers continuent.

use image::{GrayImage, ImageFormat};
use std::path::Path;

mod pdf;

/// Au-delà, une image n'est pas un bulletin scanné (un bulletin de 137 × 127 mm à 600 dpi
/// fait 3 500 × 3 200 pixels) : on refuse avant d'allouer.
pub const COTE_MAX_PX: u32 = 12_000;
/// Au-delà de ce nombre de pages, un TIFF ou un PDF n'est pas une liasse de bulletins d'un
/// coup.
pub const PAGES_MAX: usize = 2_000;
/// Taille maximale d'un fichier lu (octets).
pub const OCTETS_MAX: u64 = 256 * 1024 * 1024;

/// Pourquoi un fichier ne donne pas d'image.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum ErreurImage {
    #[error("lecture impossible : {0}")]
    Lecture(String),
    #[error("fichier vide")]
    Vide,
    #[error("fichier trop grand ({octets} octets ; au plus {OCTETS_MAX})")]
    FichierTropGrand { octets: u64 },
    #[error("ce n'est pas une image JPEG, PNG, TIFF, PDF, WebP ou BMP")]
    PasUneImage,
    #[error("image {format}, qu'arbitre ne lit pas : enregistrez-la en JPEG, PNG, TIFF ou PDF{conseil}")]
    FormatNonLu { format: &'static str, conseil: &'static str },
    #[error("image {format} illisible (fichier tronqué ou corrompu) : {detail}")]
    Corrompue { format: &'static str, detail: String },
    #[error("image de {largeur} × {hauteur} pixels : trop grande pour un bulletin scanné (au plus {COTE_MAX_PX} de côté)")]
    TropGrande { largeur: u32, hauteur: u32 },
    #[error("image de {largeur} × {hauteur} pixels : trop petite pour un bulletin scanné")]
    TropPetite { largeur: u32, hauteur: u32 },
    #[error("image en noir et blanc (aucun gris entre l'encre et le papier), que le lecteur ne sait pas lire sûrement : réglez le scanner en gris ou en couleur (ni « noir et blanc », ni « texte »)")]
    NoirEtBlanc,
    #[error("plus de {PAGES_MAX} pages")]
    TropDePages,
    #[error("page {page} : {detail}")]
    Page { page: usize, detail: String },
}

/// Les pages d'un fichier image, en niveaux de gris (une seule sauf pour un TIFF ou un PDF).
pub fn charger(chemin: &Path) -> Result<Vec<GrayImage>, ErreurImage> {
    decoder(&octets(chemin)?)
}

/// Les octets d'un fichier image, sans les décoder ; refusé au-delà de [`OCTETS_MAX`].
pub fn octets(chemin: &Path) -> Result<Vec<u8>, ErreurImage> {
    let taille = std::fs::metadata(chemin).map_err(|e| ErreurImage::Lecture(arbitre_engine::francais::io(&e)))?.len();
    if taille > OCTETS_MAX {
        return Err(ErreurImage::FichierTropGrand { octets: taille });
    }
    std::fs::read(chemin).map_err(|e| ErreurImage::Lecture(arbitre_engine::francais::io(&e)))
}

/// Les pages d'une image en mémoire.
pub fn decoder(octets: &[u8]) -> Result<Vec<GrayImage>, ErreurImage> {
    if octets.is_empty() {
        return Err(ErreurImage::Vide);
    }
    let pages = match image::guess_format(octets) {
        Ok(ImageFormat::Jpeg) => vec![jpeg(octets)?],
        Ok(ImageFormat::Png) => vec![par_image(octets, ImageFormat::Png, "PNG")?],
        Ok(ImageFormat::Tiff) => tiff_pages(octets)?,
        Ok(ImageFormat::WebP) => vec![par_image(octets, ImageFormat::WebP, "WebP")?],
        // Un format que proposent les outils de numérisation de Windows (« Bitmap »).
        Ok(ImageFormat::Bmp) => vec![par_image(octets, ImageFormat::Bmp, "BMP")?],
        _ if octets.starts_with(b"%PDF-") => pdf::pages(octets)?,
        _ => return Err(format_non_lu(octets).unwrap_or(ErreurImage::PasUneImage)),
    };
    for p in &pages {
        verifier_taille(p.width(), p.height())?;
        if noir_et_blanc(p) {
            return Err(ErreurImage::NoirEtBlanc);
        }
    }
    Ok(pages)
}

/// Les niveaux ni noirs ni blancs : les gris entre l'encre et le papier.
const GRIS: std::ops::Range<usize> = 48..208;

/// Une image en noir et blanc (scanner réglé en « noir et blanc », fax, TIFF CCITT) : deux
/// niveaux de gris seulement. Le modèle a appris et a été calibré sur des scans en niveaux
/// de gris : sur une telle image, le recalage échoue (aucun des 49 scans de la manche
/// d'évaluation passés en noir et blanc ne se recale) et ses probabilités ne vaudraient
/// rien. Deux niveaux couvrent presque tous les pixels, et chacun au moins un pour mille (une
/// page d'un seul gris, blanche, n'est pas « en noir et blanc »).
///
/// De même une image seuillée puis enregistrée en JPEG (scanner réglé en « texte »,
/// contraste poussé) : le JPEG ajoute des niveaux autour des bords, mais presque aucun gris
/// (moins de 0,5 % des pixels dans [`GRIS`]), des noirs et des blancs. Mesuré le 29
/// novembre 2026 sur les scans générés (le bord des traits, le quadrillage et la zone grise
/// imprimés font les gris) : un scan sur trois de la manche d'évaluation (646) et un sur cinq
/// de la validation (193), au moins 3,2 % de gris ; 197 bulletins posés chacun sur une page
/// A4 (`samples/scanner_a_plat.py`), au moins 1,07 % ; 197 photos, au moins 8,7 %. Les mêmes
/// scans seuillés à 150 ou 200 puis enregistrés en JPEG de qualité 50 : au plus 0,33 %.
/// Seuillés à 200 (JPEG de qualité 90), 180 des 386 scans des coups 1 à 4 de l'évaluation
/// se recalaient et se lisaient : lettres justes à 39 %, erreur de calibration des cases
/// 17 % — des probabilités qui ne disent plus rien.
fn noir_et_blanc(img: &GrayImage) -> bool {
    // Un pixel sur 13 suffit (plus de 100 000 sur un bulletin à 150 dpi).
    let h = crate::echantillonnage::histogramme(img.as_raw().iter().step_by(13).copied());
    let n: u64 = h.iter().sum();
    let mut tri = h;
    tri.sort_unstable_by(|a, b| b.cmp(a));
    let (premier, second) = (tri[0], tri[1]);
    let deux_niveaux = second * 1000 >= n && (premier + second) * 1000 >= 998 * n;
    let (noirs, gris, blancs): (u64, u64, u64) = (h[..GRIS.start].iter().sum(), h[GRIS].iter().sum(), h[GRIS.end..].iter().sum());
    let sans_gris = noirs * 1000 >= n && blancs * 1000 >= n && gris * 1000 < 5 * n;
    deux_niveaux || sans_gris
}

fn verifier_taille(largeur: u32, hauteur: u32) -> Result<(), ErreurImage> {
    if largeur > COTE_MAX_PX || hauteur > COTE_MAX_PX {
        return Err(ErreurImage::TropGrande { largeur, hauteur });
    }
    // Moins de 60 dpi sur la feuille : aucune case ne se lit.
    if largeur < 200 || hauteur < 200 {
        return Err(ErreurImage::TropPetite { largeur, hauteur });
    }
    Ok(())
}

/// JPEG, en luminance directement.
fn jpeg(octets: &[u8]) -> Result<GrayImage, ErreurImage> {
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    let corrompue = |e: String| ErreurImage::Corrompue { format: "JPEG", detail: e };
    let options = DecoderOptions::default()
        .set_max_width(COTE_MAX_PX as usize)
        .set_max_height(COTE_MAX_PX as usize)
        .set_strict_mode(true)
        .jpeg_set_out_colorspace(ColorSpace::Luma);
    let mut d = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(octets), options);
    d.decode_headers().map_err(|e| corrompue(format!("{e:?}")))?;
    let info = d.info().ok_or_else(|| corrompue("en-tête incomplet".into()))?;
    let (l, h) = (info.width as u32, info.height as u32);
    verifier_taille(l, h)?;
    // `output_colorspace` rend l'espace demandé, non celui que le décodeur sait donner : c'est
    // l'espace du fichier qui dit si la luminance se lit directement.
    if !matches!(d.input_colorspace(), Some(ColorSpace::YCbCr | ColorSpace::Luma)) {
        // CMJN (un JPEG enregistré pour l'imprimeur) et autres espaces rares : le chemin
        // général de `image`.
        return image::load_from_memory_with_format(octets, ImageFormat::Jpeg).map(en_gris).map_err(|e| corrompue(e.to_string()));
    }
    let pixels = d.decode().map_err(|e| corrompue(format!("{e:?}")))?;
    GrayImage::from_raw(l, h, pixels).ok_or_else(|| corrompue("données de taille inattendue".into()))
}

/// Une image d'un format qu'arbitre ne lit pas, reconnue à ses premiers octets.
fn format_non_lu(octets: &[u8]) -> Option<ErreurImage> {
    let boite = octets.get(4..12);
    let (format, conseil) = if boite.is_some_and(|b| matches!(b, b"ftypheic" | b"ftypheix" | b"ftyphevc" | b"ftypmif1" | b"ftypmsf1")) {
        ("HEIC", " (sur un iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »)")
    } else if boite.is_some_and(|b| matches!(b, b"ftypavif" | b"ftypavis")) {
        ("AVIF", "")
    } else if octets.starts_with(b"GIF8") {
        ("GIF", "")
    } else if octets.starts_with(&[0, 0, 0, 0x0C, b'j', b'P', b' ', b' ']) || octets.starts_with(&[0xFF, 0x4F, 0xFF, 0x51]) {
        ("JPEG 2000", "")
    } else {
        return None;
    };
    Some(ErreurImage::FormatNonLu { format, conseil })
}

/// PNG, WebP (l'enregistrement de certaines applications de photo) ou BMP, par `image`, la
/// taille bornée avant de décoder.
fn par_image(octets: &[u8], format: ImageFormat, nom: &'static str) -> Result<GrayImage, ErreurImage> {
    let corrompue = |e: image::ImageError| ErreurImage::Corrompue { format: nom, detail: e.to_string() };
    // La taille de l'en-tête d'abord, comme pour un JPEG ou un TIFF : une image immense est
    // « trop grande », pas « tronquée ou corrompue ».
    let (largeur, hauteur) = image::ImageReader::with_format(std::io::Cursor::new(octets), format).into_dimensions().map_err(corrompue)?;
    verifier_taille(largeur, hauteur)?;
    let mut lecteur = image::ImageReader::with_format(std::io::Cursor::new(octets), format);
    let mut limites = image::Limits::default();
    limites.max_image_width = Some(COTE_MAX_PX);
    limites.max_image_height = Some(COTE_MAX_PX);
    lecteur.limits(limites);
    let img = lecteur.decode().map_err(corrompue)?;
    Ok(en_gris(img))
}

/// Luminance 0,299 R + 0,587 V + 0,114 B (celle du Y d'un JPEG) : le même gris quel que
/// soit le format du fichier.
fn luma(r: u32, g: u32, b: u32) -> u8 {
    ((r * 299 + g * 587 + b * 114 + 500) / 1000) as u8
}

/// Une image décodée par `image`, en gris (Rec. 601).
fn en_gris(img: image::DynamicImage) -> GrayImage {
    match img {
        image::DynamicImage::ImageLuma8(g) => g,
        image::DynamicImage::ImageLuma16(_) | image::DynamicImage::ImageLumaA8(_) | image::DynamicImage::ImageLumaA16(_) => img.to_luma8(),
        autre => {
            let rgb = autre.to_rgb8();
            let (l, h) = rgb.dimensions();
            GrayImage::from_raw(l, h, rgb.pixels().map(|p| luma(p.0[0] as u32, p.0[1] as u32, p.0[2] as u32)).collect()).expect("taille")
        }
    }
}

/// Chaque page d'un TIFF, convertie en gris.
fn tiff_pages(octets: &[u8]) -> Result<Vec<GrayImage>, ErreurImage> {
    use tiff::decoder::Decoder;
    let corrompue = |e: tiff::TiffError| ErreurImage::Corrompue { format: "TIFF", detail: e.to_string() };
    let mut d = Decoder::new(std::io::Cursor::new(octets)).map_err(corrompue)?;
    let mut pages = Vec::new();
    loop {
        let numero = pages.len() + 1;
        let page_err = |detail: String| ErreurImage::Page { page: numero, detail };
        let (l, h) = d.dimensions().map_err(|e| page_err(e.to_string()))?;
        verifier_taille(l, h).map_err(|e| page_err(e.to_string()))?;
        let couleur = d.colortype().map_err(|e| page_err(e.to_string()))?;
        let donnees = d.read_image().map_err(|e| page_err(format!("TIFF illisible (tronqué ou corrompu) : {e}")))?;
        pages.push(pixels_en_gris(l, h, couleur, donnees).map_err(page_err)?);
        if !d.more_images() {
            break;
        }
        if pages.len() >= PAGES_MAX {
            return Err(ErreurImage::TropDePages);
        }
        d.next_image().map_err(|e| ErreurImage::Page { page: pages.len() + 1, detail: e.to_string() })?;
    }
    Ok(pages)
}

/// Les pixels d'une page TIFF décodée (ou d'une image brute d'un PDF) → gris (luminance
/// 0,299 R + 0,587 V + 0,114 B).
fn pixels_en_gris(l: u32, h: u32, couleur: tiff::ColorType, donnees: tiff::decoder::DecodingResult) -> Result<GrayImage, String> {
    use tiff::decoder::DecodingResult as D;
    use tiff::ColorType as C;
    let n = l as usize * h as usize;
    let gris: Vec<u8> = match (couleur, donnees) {
        (C::Gray(8), D::U8(v)) => v,
        (C::Gray(16), D::U16(v)) => v.iter().map(|&x| (x >> 8) as u8).collect(),
        (C::Gray(1), D::U8(v)) => {
            // Bitonal : 1 bit par pixel, rangées complétées à l'octet ; 0 = noir
            // (interprétation « BlackIsZero » la plus courante des scanners).
            let par_rangee = (l as usize).div_ceil(8);
            (0..n).map(|i| {
                let (y, x) = (i / l as usize, i % l as usize);
                let octet = v.get(y * par_rangee + x / 8).copied().unwrap_or(0);
                if octet >> (7 - x % 8) & 1 == 1 { 255 } else { 0 }
            }).collect()
        }
        (C::GrayA(8), D::U8(v)) => v.chunks_exact(2).map(|p| p[0]).collect(),
        (C::RGB(8), D::U8(v)) => v.chunks_exact(3).map(|p| luma(p[0] as u32, p[1] as u32, p[2] as u32)).collect(),
        (C::RGBA(8), D::U8(v)) => v.chunks_exact(4).map(|p| luma(p[0] as u32, p[1] as u32, p[2] as u32)).collect(),
        (C::RGB(16), D::U16(v)) => v.chunks_exact(3).map(|p| luma(p[0] as u32 >> 8, p[1] as u32 >> 8, p[2] as u32 >> 8)).collect(),
        (C::CMYK(8), D::U8(v)) => v
            .chunks_exact(4)
            .map(|p| {
                let k = 255 - p[3] as u32;
                luma((255 - p[0] as u32) * k / 255, (255 - p[1] as u32) * k / 255, (255 - p[2] as u32) * k / 255)
            })
            .collect(),
        (c, _) => return Err(format!("image de type {c:?} non prise en charge (gris, RVB ou CMJN sur 8 ou 16 bits attendus)")),
    };
    if gris.len() != n {
        return Err(format!("image tronquée : {} pixels sur {n}", gris.len()));
    }
    GrayImage::from_raw(l, h, gris).ok_or_else(|| "données de taille inattendue".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{DynamicImage, Luma, Rgb, RgbImage};

    fn degrade(l: u32, h: u32) -> RgbImage {
        RgbImage::from_fn(l, h, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 200]))
    }

    fn encoder(img: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut v = std::io::Cursor::new(Vec::new());
        img.write_to(&mut v, format).unwrap();
        v.into_inner()
    }

    #[test]
    fn jpeg_png_et_tiff_en_couleur_ou_en_gris_donnent_la_meme_luminance() {
        let rgb = DynamicImage::ImageRgb8(degrade(300, 240));
        let reference = en_gris(rgb.clone());
        for format in [ImageFormat::Png, ImageFormat::Tiff, ImageFormat::Jpeg] {
            for img in [rgb.clone(), DynamicImage::ImageLuma8(reference.clone())] {
                let pages = decoder(&encoder(&img, format)).unwrap();
                assert_eq!(pages.len(), 1);
                let p = &pages[0];
                assert_eq!(p.dimensions(), (300, 240));
                let ecart = p.pixels().zip(reference.pixels()).map(|(a, b)| (a.0[0] as i32 - b.0[0] as i32).abs()).max().unwrap();
                let tolere = if format == ImageFormat::Jpeg { 12 } else { 1 };
                assert!(ecart <= tolere, "{format:?} : écart {ecart}");
            }
        }
    }

    #[test]
    fn un_jpeg_en_cmjn_se_lit_en_luminance() {
        // Un JPEG enregistré pour l'imprimeur (CMJN) : le gris du dégradé porté par le noir
        // seul, comme le fait un logiciel de retouche ; il était refusé « tronqué ou
        // corrompu » (le décodeur rapide ne sait pas passer du CMJN à la luminance).
        let reference = en_gris(DynamicImage::ImageRgb8(degrade(300, 240)));
        let cmjn: Vec<u8> = reference.as_raw().iter().flat_map(|&v| [0, 0, 0, 255 - v]).collect();
        let mut octets = Vec::new();
        jpeg_encoder::Encoder::new(&mut octets, 95).encode(&cmjn, 300, 240, jpeg_encoder::ColorType::Cmyk).unwrap();
        let pages = decoder(&octets).unwrap();
        let ecart = pages[0].pixels().zip(reference.pixels()).map(|(a, b)| (a.0[0] as i32 - b.0[0] as i32).abs()).max().unwrap();
        assert!(ecart <= 12, "écart {ecart}");
    }

    #[test]
    fn un_tiff_de_plusieurs_pages_donne_un_bulletin_par_page() {
        let mut v = std::io::Cursor::new(Vec::new());
        {
            let mut enc = tiff::encoder::TiffEncoder::new(&mut v).unwrap();
            for k in 0..3u8 {
                let page = GrayImage::from_pixel(220, 210, Luma([40 * k]));
                enc.write_image::<tiff::encoder::colortype::Gray8>(220, 210, page.as_raw()).unwrap();
            }
        }
        let pages = decoder(v.get_ref()).unwrap();
        assert_eq!(pages.len(), 3);
        assert_eq!(pages[2].get_pixel(5, 5).0[0], 80);
    }

    #[test]
    fn fichiers_vides_tronques_corrompus_ou_qui_ne_sont_pas_des_images() {
        assert_eq!(decoder(&[]), Err(ErreurImage::Vide));
        assert_eq!(decoder(b"bulletin table=1 coup=1\n"), Err(ErreurImage::PasUneImage));
        let img = DynamicImage::ImageRgb8(degrade(400, 300));
        for format in [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::Tiff] {
            let mut octets = encoder(&img, format);
            octets.truncate(octets.len() / 3);
            let e = decoder(&octets).unwrap_err();
            assert!(matches!(e, ErreurImage::Corrompue { .. } | ErreurImage::Page { .. }), "{format:?} tronqué : {e:?}");
            // Des octets abîmés au milieu : une erreur, jamais une panique.
            let mut abime = encoder(&img, format);
            let milieu = abime.len() / 2;
            for b in &mut abime[milieu..milieu + 64] {
                *b = 0xFF;
            }
            let _ = decoder(&abime);
        }
        let petite = DynamicImage::ImageLuma8(GrayImage::new(50, 40));
        assert!(matches!(decoder(&encoder(&petite, ImageFormat::Png)), Err(ErreurImage::TropPetite { .. })));
    }

    #[test]
    fn webp_et_bmp_se_lisent_et_heic_gif_sont_refuses_en_disant_comment_les_enregistrer() {
        let rgb = DynamicImage::ImageRgb8(degrade(300, 240));
        for format in [ImageFormat::WebP, ImageFormat::Bmp] {
            let p = decoder(&encoder(&rgb, format)).unwrap();
            assert_eq!(p[0], en_gris(rgb.clone()), "{format:?} sans perte : la même luminance");
        }
        // Un BMP tronqué : une erreur qui le nomme, jamais une panique.
        let mut bmp = encoder(&rgb, ImageFormat::Bmp);
        bmp.truncate(bmp.len() / 3);
        assert!(matches!(decoder(&bmp), Err(ErreurImage::Corrompue { format: "BMP", .. })), "{:?}", decoder(&bmp));
        // Une photo d'iPhone (HEIC) : reconnue à sa boîte « ftyp », le conseil pour l'iPhone.
        let heic = [&[0, 0, 0, 0x18][..], b"ftypheic", &[0; 32]].concat();
        let e = decoder(&heic).unwrap_err();
        assert!(matches!(e, ErreurImage::FormatNonLu { format: "HEIC", .. }) && e.to_string().contains("Le plus compatible"), "{e}");
        // Leurs premiers octets suffisent à les reconnaître.
        for (debut, nom) in [(&b"GIF89a"[..], "GIF"), (&[0, 0, 0, 0x0C, b'j', b'P', b' ', b' '], "JPEG 2000")] {
            let e = decoder(&[debut, &[0; 64]].concat()).unwrap_err();
            assert!(matches!(e, ErreurImage::FormatNonLu { format, .. } if format == nom) && e.to_string().contains("enregistrez-la en JPEG"), "{nom} : {e}");
        }
    }

    #[test]
    fn une_image_en_noir_et_blanc_est_refusee_en_disant_quoi_regler() {
        // Un quadrillage noir sur blanc, sans un gris entre les deux (scanner réglé en noir
        // et blanc), en PNG, en TIFF, et seuillé puis enregistré en JPEG (scanner réglé en
        // « texte » : le JPEG ajoute quelques niveaux autour des traits) ; puis le même
        // quadrillage scanné en gris (le bord flou des traits, le grain du papier), et une
        // page d'un seul gris.
        let nb = GrayImage::from_fn(400, 300, |x, y| Luma([if x % 50 == 0 || y % 50 == 0 { 0 } else { 255 }]));
        for format in [ImageFormat::Png, ImageFormat::Tiff, ImageFormat::Jpeg] {
            let e = decoder(&encoder(&DynamicImage::ImageLuma8(nb.clone()), format)).unwrap_err();
            assert_eq!(e, ErreurImage::NoirEtBlanc, "{format:?}");
            assert!(e.to_string().contains("réglez le scanner en gris ou en couleur"), "{e}");
        }
        let gris = GrayImage::from_fn(400, 300, |x, y| {
            let trait_le_plus_proche = [x % 50, 50 - x % 50, y % 50, 50 - y % 50].into_iter().min().unwrap_or(0);
            Luma([(30 + 70 * trait_le_plus_proche.min(3)) as u8 - ((x * 7 + y * 3) % 11) as u8])
        });
        assert!(decoder(&encoder(&DynamicImage::ImageLuma8(gris.clone()), ImageFormat::Png)).is_ok());
        assert!(decoder(&encoder(&DynamicImage::ImageLuma8(gris), ImageFormat::Jpeg)).is_ok());
        let blanche = GrayImage::from_pixel(400, 300, Luma([250]));
        assert!(decoder(&encoder(&DynamicImage::ImageLuma8(blanche), ImageFormat::Png)).is_ok());
    }

    #[test]
    fn une_image_immense_est_refusee_avant_d_etre_decodee() {
        // Un PNG de 20 000 × 20 000 annoncé dans l'en-tête (les données manquent).
        let mut png = Vec::new();
        png.extend_from_slice(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]);
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(b"IHDR");
        ihdr.extend_from_slice(&20_000u32.to_be_bytes());
        ihdr.extend_from_slice(&20_000u32.to_be_bytes());
        ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
        png.extend_from_slice(&13u32.to_be_bytes());
        png.extend_from_slice(&ihdr);
        png.extend_from_slice(&0u32.to_be_bytes());
        let e = decoder(&png).unwrap_err();
        assert!(matches!(e, ErreurImage::Corrompue { .. } | ErreurImage::TropGrande { .. }), "{e:?}");
    }

    #[test]
    fn une_image_trop_grande_est_dite_trop_grande_et_non_corrompue() {
        // Une page blanche de 12 001 × 300 pixels, complète et lisible, en PNG et en WebP
        // (30 000 × 30 000 se disait « tronqué ou corrompu : Image size exceeds limit »).
        let grande = DynamicImage::ImageLuma8(GrayImage::from_pixel(COTE_MAX_PX + 1, 300, Luma([250])));
        for format in [ImageFormat::Png, ImageFormat::WebP] {
            let octets = encoder(&if format == ImageFormat::WebP { DynamicImage::ImageRgb8(grande.to_rgb8()) } else { grande.clone() }, format);
            let e = decoder(&octets).unwrap_err();
            assert_eq!(e, ErreurImage::TropGrande { largeur: COTE_MAX_PX + 1, hauteur: 300 }, "{format:?}");
            assert!(e.to_string().contains("trop grande pour un bulletin scanné"), "{e}");
        }
    }
}
