//! `#[derive(Described)]`: a documented type's validation shape, read from the same struct that
//! tsify turns into TypeScript, so that a field is declared once.
//!
//! For a struct it writes `pub static NAME: ObjectShape` (NAME from `#[shape(static = NAME)]`,
//! or the struct's name in SCREAMING_SNAKE_CASE) and `impl Described` with
//! `const SHAPE: Shape = Shape::Object(&NAME)`. Each field becomes a `Field`:
//!
//! - its key is the serde name (`#[serde(rename = "...")]`) or the field's name, looked up in
//!   `crate::keys` at compile time (an unknown name fails the build, naming it);
//! - `Option<T>` with `skip_serializing_if` is optional; `Option<T>` without it, and an inner
//!   `Option<Option<T>>`, is nullable;
//! - the shape comes from the Rust type: `String`, `f64`, `bool`, `Vec<T>`,
//!   `serde_json::Value` (any), `serde_json::Map` (a record of any), any other type `T` through
//!   `<T as Described>::SHAPE`; a tsify type string refines it: `'a'` is a literal, `'a' | 'b'`
//!   an enum, `Uint8Array` bytes, `any` / `unknown` anything, `{ [key: string]: any }` a record;
//! - `#[shape(...)]` says what the type cannot: `rule = Name` (a `Rule` on top), `integer(min =
//!   N)`, `json`, `any`, `bytes`, `tagged_bytes`, `error`, `shape = "expr"` (the shape as a
//!   Rust expression), `unless(key, ...)` (required unless one of those keys is given),
//!   `missing = Code` (the `IssueCode` when the field is absent, instead of `missing`).
//!   On the struct: `name = "TsName"` (the name in `expected`; default the struct's).
use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as Tokens};
use quote::quote;
use syn::{
    parse_macro_input, Attribute, Data, DeriveInput, Expr, ExprLit, Fields, GenericArgument, Ident,
    Lit, LitStr, Meta, PathArguments, Type,
};

#[proc_macro_derive(Described, attributes(shape))]
pub fn derive_described(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// `#[shape(...)]` on the struct or a field.
#[derive(Default)]
struct ShapeAttrs {
    static_name: Option<Ident>,
    name: Option<String>,
    rule: Option<Ident>,
    integer_min: Option<i32>,
    kind: Option<&'static str>,
    expr: Option<Expr>,
    unless: Vec<String>,
    missing: Option<Ident>,
}

fn shape_attrs(attrs: &[Attribute]) -> syn::Result<ShapeAttrs> {
    let mut out = ShapeAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("shape")) {
        attr.parse_nested_meta(|meta| {
            let p = &meta.path;
            if p.is_ident("static") {
                out.static_name = Some(meta.value()?.parse()?);
            } else if p.is_ident("name") {
                out.name = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("rule") {
                out.rule = Some(meta.value()?.parse()?);
            } else if p.is_ident("missing") {
                out.missing = Some(meta.value()?.parse()?);
            } else if p.is_ident("shape") {
                let lit: LitStr = meta.value()?.parse()?;
                out.expr = Some(lit.parse()?);
            } else if p.is_ident("integer") {
                meta.parse_nested_meta(|m| {
                    if m.path.is_ident("min") {
                        let lit: syn::LitInt = m.value()?.parse()?;
                        out.integer_min = Some(lit.base10_parse()?);
                        Ok(())
                    } else {
                        Err(m.error("expected `min = N`"))
                    }
                })?;
            } else if p.is_ident("unless") {
                meta.parse_nested_meta(|m| {
                    let id = m.path.get_ident().ok_or_else(|| m.error("a key name"))?;
                    out.unless.push(id.to_string());
                    Ok(())
                })?;
            } else {
                let kind = ["json", "any", "bytes", "tagged_bytes", "error"]
                    .into_iter()
                    .find(|k| p.is_ident(k))
                    .ok_or_else(|| meta.error("unknown #[shape] attribute"))?;
                out.kind = Some(kind);
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// `#[serde(rename = "...")]` and whether `skip_serializing_if` is given.
fn serde_attrs(attrs: &[Attribute]) -> syn::Result<(Option<String>, bool)> {
    let (mut rename, mut skip) = (None, false);
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                rename = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.path.is_ident("skip_serializing_if") {
                skip = true;
                meta.value()?.parse::<LitStr>()?;
            } else if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<Expr>()?;
            }
            Ok(())
        })?;
    }
    Ok((rename, skip))
}

/// `#[tsify(type = "...")]`.
fn tsify_type(attrs: &[Attribute]) -> Option<String> {
    for attr in attrs.iter().filter(|a| a.path().is_ident("tsify")) {
        if let Meta::List(list) = &attr.meta {
            let mut found = None;
            let _ = list.parse_nested_meta(|meta| {
                if meta.path.is_ident("type") {
                    if let Ok(Expr::Lit(ExprLit {
                        lit: Lit::Str(s), ..
                    })) = meta.value().and_then(|v| v.parse::<Expr>())
                    {
                        found = Some(s.value());
                    }
                } else if meta.input.peek(syn::Token![=]) {
                    let _ = meta.value().and_then(|v| v.parse::<Expr>());
                }
                Ok(())
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The single generic argument of `Name<T>`, when the type is `Name<...>`.
fn generic<'a>(ty: &'a Type, name: &str) -> Option<&'a Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    args.args.iter().find_map(|a| match a {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

fn last_ident(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// The shape of a Rust type (no attributes).
fn type_shape(ty: &Type) -> Tokens {
    if let Some(inner) = generic(ty, "Vec") {
        let item = type_shape(inner);
        return quote!(crate::validate::Shape::Array(&#item));
    }
    if let Some(inner) = generic(ty, "Option") {
        let item = type_shape(inner);
        return quote!(crate::validate::Shape::Nullable(&#item));
    }
    match last_ident(ty).as_deref() {
        Some("String") => quote!(crate::validate::Shape::String),
        Some("f64") => quote!(crate::validate::Shape::Number),
        Some("bool") => quote!(crate::validate::Shape::Boolean),
        Some("Value") => quote!(crate::validate::Shape::Any),
        Some("Map") => quote!(crate::validate::Shape::Record(&crate::validate::Shape::Any)),
        _ => quote!(<#ty as crate::validate::Described>::SHAPE),
    }
}

/// The shape a tsify type string says, where it says one.
fn ts_shape(ts: &str) -> Option<Tokens> {
    let ts = ts.trim();
    let literal = |s: &str| {
        let s = s.trim();
        let quoted = |q: char| {
            s.len() >= 2 && s.starts_with(q) && s.ends_with(q) && !s[1..s.len() - 1].contains(q)
        };
        (quoted('\'') || quoted('"')).then(|| s[1..s.len() - 1].to_string())
    };
    if let Some(l) = literal(ts) {
        return Some(quote!(crate::validate::Shape::Literal(#l)));
    }
    let alternatives: Vec<Option<String>> = ts.split('|').map(literal).collect();
    if alternatives.len() > 1 && alternatives.iter().all(Option::is_some) {
        let names = alternatives.into_iter().flatten();
        return Some(quote!(crate::validate::Shape::Enum(&[#(#names),*])));
    }
    match ts {
        "Uint8Array" => Some(quote!(crate::validate::Shape::Bytes)),
        "Error" => Some(quote!(crate::validate::Shape::Error)),
        "any" | "unknown" => Some(quote!(crate::validate::Shape::Any)),
        "{ [key: string]: any }" | "{ [key: string]: unknown }" | "Record<string, any>" => Some(
            quote!(crate::validate::Shape::Record(&crate::validate::Shape::Any)),
        ),
        _ => None,
    }
}

fn screaming(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn expand(input: &DeriveInput) -> syn::Result<Tokens> {
    let ident = &input.ident;
    let attrs = shape_attrs(&input.attrs)?;
    let static_name = attrs
        .static_name
        .unwrap_or_else(|| Ident::new(&screaming(&ident.to_string()), Span::call_site()));
    let ts_name = attrs.name.unwrap_or_else(|| ident.to_string());
    let data = match &input.data {
        Data::Struct(data) => data,
        Data::Enum(e) => return expand_enum(input, e),
        Data::Union(_) => {
            return Err(syn::Error::new_spanned(
                ident,
                "Described is derived for structs and unit enums",
            ))
        }
    };
    let Fields::Named(named) = &data.fields else {
        return Err(syn::Error::new_spanned(
            ident,
            "Described needs named fields",
        ));
    };
    let mut fields = Vec::new();
    for f in &named.named {
        let a = shape_attrs(&f.attrs)?;
        let (rename, skip) = serde_attrs(&f.attrs)?;
        let field_name = f.ident.as_ref().expect("named").to_string();
        let key = rename.unwrap_or_else(|| field_name.trim_start_matches("r#").to_string());
        // Optional: `Option<T>` skipped when absent; the rest of the type is the value's.
        let (optional, ty) = match generic(&f.ty, "Option") {
            Some(inner) if skip => (true, inner),
            _ => (false, &f.ty),
        };
        let ts = tsify_type(&f.attrs);
        let nullable = generic(ty, "Option");
        let value_ty = nullable.unwrap_or(ty);
        let base = if let Some(e) = &a.expr {
            quote!(#e)
        } else if let Some(kind) = a.kind {
            match kind {
                "json" => quote!(crate::validate::Shape::Json),
                "any" => quote!(crate::validate::Shape::Any),
                "bytes" => quote!(crate::validate::Shape::Bytes),
                "tagged_bytes" => quote!(crate::validate::Shape::TaggedBytes),
                _ => quote!(crate::validate::Shape::Error),
            }
        } else if let Some(min) = a.integer_min {
            quote!(crate::validate::Shape::Integer { min: #min })
        } else if let Some(s) = ts
            .as_deref()
            .and_then(|t| ts_shape(t.trim_end_matches("| null")))
        {
            s
        } else {
            type_shape(value_ty)
        };
        let ruled = match &a.rule {
            Some(r) => quote!(crate::validate::Shape::Rule(&#base, crate::validate::Rule::#r)),
            None => base,
        };
        let shape = if nullable.is_some() {
            quote!(crate::validate::Shape::Nullable(&#ruled))
        } else {
            ruled
        };
        let key_tokens = quote!(crate::keys::key(#key));
        let field = if !a.unless.is_empty() {
            let unless = a.unless.iter().map(|k| quote!(crate::keys::key(#k)));
            quote!(crate::validate::Field::required_unless(#key_tokens, #shape, &[#(#unless),*]))
        } else if optional {
            quote!(crate::validate::Field::optional(#key_tokens, #shape))
        } else {
            quote!(crate::validate::Field::required(#key_tokens, #shape))
        };
        let field = match &a.missing {
            Some(code) => {
                quote!(#field.missing_as(crate::validate::IssueCode::#code))
            }
            None => field,
        };
        fields.push(field);
    }
    let doc = format!("The validation shape of [`{ident}`] (derived from its fields).");
    Ok(quote! {
        #[doc = #doc]
        pub static #static_name: crate::validate::ObjectShape = crate::validate::ObjectShape {
            name: #ts_name,
            fields: &[#(#fields),*],
        };
        impl crate::validate::Described for #ident {
            const SHAPE: crate::validate::Shape = crate::validate::Shape::Object(&#static_name);
        }
    })
}

/// A unit enum: the union of its serde names (`rename_all` lowercase or snake_case, or a
/// variant's `rename`), as `Shape::Enum`.
fn expand_enum(input: &DeriveInput, e: &syn::DataEnum) -> syn::Result<Tokens> {
    let ident = &input.ident;
    let mut rename_all = None;
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                rename_all = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<Expr>()?;
            }
            Ok(())
        })?;
    }
    let mut names = Vec::new();
    for v in &e.variants {
        if !matches!(v.fields, Fields::Unit) {
            return Err(syn::Error::new_spanned(
                v,
                "Described is derived for unit enums; write unions by hand",
            ));
        }
        let (rename, _) = serde_attrs(&v.attrs)?;
        let plain = v.ident.to_string();
        let name = match (rename, rename_all.as_deref()) {
            (Some(r), _) => r,
            (None, Some("lowercase")) => plain.to_lowercase(),
            (None, Some("snake_case")) => screaming(&plain).to_lowercase(),
            (None, None) => plain,
            (None, Some(other)) => {
                return Err(syn::Error::new_spanned(
                    ident,
                    format!("rename_all = {other:?} is not read"),
                ))
            }
        };
        names.push(name);
    }
    Ok(quote! {
        impl crate::validate::Described for #ident {
            const SHAPE: crate::validate::Shape = crate::validate::Shape::Enum(&[#(#names),*]);
        }
    })
}
