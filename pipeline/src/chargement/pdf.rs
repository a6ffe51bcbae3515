//! Les scans enregistrés en PDF (« numériser vers PDF » d'un scanner) : chaque page porte
//! l'image du scan, décodée telle quelle, sans rendre le PDF. L'image la plus grande de la
//! page est le scan ; la rotation de la page (`/Rotate`) lui est appliquée.
//!
//! Lus : JPEG (`DCTDecode`, le plus courant) et images brutes compressées (`FlateDecode`,
//! `LZWDecode`…) en gris, RVB ou CMJN sur 8 bits, ou en noir et blanc sur 1 bit (décodées,
//! puis refusées comme toute image en noir et blanc : `super::noir_et_blanc`). Refusés
//! en disant quoi régler au scanner : JBIG2, CCITT (fax), JPEG 2000, images à palette.
//! Une page sans image n'est pas un scan (un PDF fait par un traitement de texte).

use super::{jpeg, pixels_en_gris, verifier_taille, ErreurImage, PAGES_MAX};
use image::GrayImage;
use lopdf::xobject::PdfImage;
use lopdf::{Document, ObjectId};
use tiff::decoder::DecodingResult;
use tiff::ColorType;

/// Chaque page d'un PDF, en gris.
pub(super) fn pages(octets: &[u8]) -> Result<Vec<GrayImage>, ErreurImage> {
    let doc = Document::load_mem(octets).map_err(|e| ErreurImage::Corrompue { format: "PDF", detail: e.to_string() })?;
    // Un arbre des pages abîmé qui se reboucle (un `Kids` qui nomme un nœud parent) donne
    // la même page sous plusieurs numéros : elle est lue une fois.
    let mut vues = std::collections::HashSet::new();
    let pages: Vec<(u32, ObjectId)> = doc.get_pages().into_iter().filter(|&(_, id)| vues.insert(id)).collect();
    if pages.len() > PAGES_MAX {
        return Err(ErreurImage::TropDePages);
    }
    if pages.is_empty() {
        return Err(ErreurImage::Corrompue { format: "PDF", detail: "aucune page".into() });
    }
    pages.into_iter().map(|(n, id)| page(&doc, id).map_err(|detail| ErreurImage::Page { page: n as usize, detail })).collect()
}

/// Le scan d'une page : son image la plus grande, tournée comme la page.
fn page(doc: &Document, id: ObjectId) -> Result<GrayImage, String> {
    let images = doc.get_page_images(id).map_err(|e| format!("images de la page illisibles : {e}"))?;
    let Some(scan) = images.iter().max_by_key(|i| i.width.saturating_mul(i.height)) else {
        return Err("aucune image sur cette page : ce n'est pas un scan".into());
    };
    let gris = image_en_gris(doc, scan)?;
    let rotation = doc.get_dictionary(id).ok().and_then(|d| d.get(b"Rotate").ok()).and_then(|o| o.as_i64().ok()).unwrap_or(0);
    Ok(match rotation.rem_euclid(360) {
        90 => image::imageops::rotate90(&gris),
        180 => image::imageops::rotate180(&gris),
        270 => image::imageops::rotate270(&gris),
        _ => gris,
    })
}

/// Une image d'un PDF, décodée en gris.
fn image_en_gris(doc: &Document, img: &PdfImage<'_>) -> Result<GrayImage, String> {
    let (Ok(l), Ok(h)) = (u32::try_from(img.width), u32::try_from(img.height)) else {
        return Err(format!("image de {} × {} pixels", img.width, img.height));
    };
    verifier_taille(l, h).map_err(|e| e.to_string())?;
    let filtres: Vec<&str> = img.filters.iter().flatten().map(String::as_str).collect();
    match filtres.as_slice() {
        ["DCTDecode"] => return jpeg(img.content).map_err(|e| e.to_string()),
        [.., f @ ("JBIG2Decode" | "CCITTFaxDecode" | "JPXDecode" | "DCTDecode")] => {
            let format = match *f {
                "JBIG2Decode" => "JBIG2",
                "CCITTFaxDecode" => "CCITT (fax)",
                "JPXDecode" => "JPEG 2000",
                _ => "JPEG sous un autre filtre",
            };
            return Err(format!("image en {format}, qu'arbitre ne lit pas : réglez le scanner en gris ou en couleur, JPEG (ou enregistrez les scans en JPEG, PNG ou TIFF)"));
        }
        _ => {}
    }
    if img.color_space.as_deref() == Some("Indexed") {
        return Err("image à palette, qu'arbitre ne lit pas : réglez le scanner en gris ou en couleur".into());
    }
    let flux = doc.get_object(img.id).and_then(|o| o.as_stream()).map_err(|e| e.to_string())?;
    let pixels = l as usize * h as usize;
    let brut = flux.decompressed_content_with_limit(4 * pixels + 4096).map_err(|e| format!("image illisible (tronquée ou corrompue) : {e}"))?;
    // Le nombre de composantes se lit dans la taille : un profil ICC ne le dit pas ici.
    let couleur = match (img.bits_per_component.unwrap_or(8), brut.len() / pixels.max(1)) {
        (1, _) => ColorType::Gray(1),
        (8, 1) => ColorType::Gray(8),
        (8, 3) => ColorType::RGB(8),
        (8, 4) => ColorType::CMYK(8),
        (b, _) => return Err(format!("image de {b} bits par composante, {} octets pour {l} × {h} pixels : disposition non prise en charge", brut.len())),
    };
    pixels_en_gris(l, h, couleur, DecodingResult::U8(brut))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::{dictionary, Object, Stream};

    /// Un PDF d'une page par image donnée (dictionnaire de l'image, contenu du flux), avec
    /// la rotation de page donnée.
    fn pdf(images: Vec<(lopdf::Dictionary, Vec<u8>)>, rotation: i64) -> Vec<u8> {
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let mut enfants = Vec::new();
        for (dict, contenu) in images {
            let image_id = doc.add_object(Stream::new(dict, contenu));
            let resources = dictionary! { "XObject" => dictionary! { "Im0" => image_id } };
            let page = dictionary! { "Type" => "Page", "Parent" => pages_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()], "Resources" => resources, "Rotate" => rotation };
            enfants.push(Object::Reference(doc.add_object(page)));
        }
        let n = enfants.len() as i64;
        doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => enfants, "Count" => n }));
        let catalogue = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalogue);
        let mut octets = Vec::new();
        doc.save_to(&mut octets).unwrap();
        octets
    }

    fn image(l: i64, h: i64, espace: &str, bits: i64, filtre: Option<&str>) -> lopdf::Dictionary {
        let mut d = dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => l, "Height" => h, "ColorSpace" => espace, "BitsPerComponent" => bits };
        if let Some(f) = filtre {
            d.set("Filter", Object::Name(f.as_bytes().to_vec()));
        }
        d
    }

    /// Une image grise de 300 × 200 : un dégradé, pour reconnaître l'orientation.
    fn degrade() -> GrayImage {
        GrayImage::from_fn(300, 200, |x, y| image::Luma([((x * 255) / 299) as u8 / 2 + (y as u8 / 4)]))
    }

    #[test]
    fn chaque_page_d_un_pdf_de_scanner_donne_son_image() {
        // Page 1 : un JPEG gris ; page 2 : les mêmes pixels bruts, compressés (Flate) ;
        // page 3 : en RVB brut.
        let g = degrade();
        let mut jpeg_octets = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg_octets, 95).encode_image(&g).unwrap();
        let mut flate = Stream::new(image(300, 200, "DeviceGray", 8, None), g.as_raw().clone());
        flate.compress().unwrap();
        let rvb: Vec<u8> = g.as_raw().iter().flat_map(|&v| [v, v, v]).collect();
        let octets = pdf(vec![(image(300, 200, "DeviceGray", 8, Some("DCTDecode")), jpeg_octets), (flate.dict, flate.content), (image(300, 200, "DeviceRGB", 8, None), rvb)], 0);
        let lues = pages(&octets).unwrap();
        assert_eq!(lues.len(), 3);
        for (i, p) in lues.iter().enumerate() {
            assert_eq!(p.dimensions(), (300, 200), "page {}", i + 1);
            let ecart = p.as_raw().iter().zip(g.as_raw()).map(|(&a, &b)| (a as i32 - b as i32).abs()).max().unwrap();
            assert!(ecart <= if i == 0 { 12 } else { 0 }, "page {} : écart {ecart}", i + 1);
        }
    }

    #[test]
    fn la_rotation_de_la_page_est_appliquee() {
        let g = degrade();
        let octets = pdf(vec![(image(300, 200, "DeviceGray", 8, None), g.as_raw().clone())], 90);
        let p = &pages(&octets).unwrap()[0];
        assert_eq!(p, &image::imageops::rotate90(&g));
    }

    #[test]
    fn un_pdf_sans_scan_ou_dans_un_format_non_lu_est_refuse_en_disant_pourquoi() {
        // Une page sans image (un PDF de traitement de texte).
        let mut doc = Document::with_version("1.5");
        let pages_id = doc.new_object_id();
        let page = doc.add_object(dictionary! { "Type" => "Page", "Parent" => pages_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()] });
        doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }));
        let catalogue = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalogue);
        let mut texte = Vec::new();
        doc.save_to(&mut texte).unwrap();
        let e = pages(&texte).unwrap_err();
        assert!(e.to_string().contains("page 1 : aucune image sur cette page"), "{e}");
        // Noir et blanc en JBIG2 : dit quoi régler au scanner.
        let e = pages(&pdf(vec![(image(300, 200, "DeviceGray", 1, Some("JBIG2Decode")), vec![0; 10])], 0)).unwrap_err();
        assert!(e.to_string().contains("JBIG2") && e.to_string().contains("réglez le scanner"), "{e}");
        // Tronqué : une erreur, jamais une panique.
        let bon = pdf(vec![(image(300, 200, "DeviceGray", 8, None), degrade().as_raw().clone())], 0);
        for coupe in [10, bon.len() / 2, bon.len() - 30] {
            let _ = pages(&bon[..coupe]);
        }
        assert!(matches!(pages(b"%PDF-1.4\nrien"), Err(ErreurImage::Corrompue { format: "PDF", .. })));
    }
}
