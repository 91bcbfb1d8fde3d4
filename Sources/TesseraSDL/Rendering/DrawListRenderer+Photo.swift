import CSDL2
import TesseraCore
import TesseraGeometry
import TesseraPhotos
import TesseraRaster

extension DrawListRenderer {
    /// Draws photo `id` aspect-filled into `frame` (POINTS) with rounded corners of `radius` (POINTS)
    /// at `opacity` (0…1). `visible` is the pixel region the clip and output leave (for culling).
    ///
    /// The body is three `SDL_RenderCopyF` strips — or, for an opaque photo changing size in the
    /// software renderer's own frame, one bilinear pass straight into its pixels (`DirectScale`). Once
    /// the photo has been drawn at the same size twice in a row, its body is a 1:1 copy (`TileBodies`)
    /// and its corners are four blended 1:1 blits of a `CornerAtlas`. Until then, in the software
    /// renderer, the corner squares are copied like the body and what lay under them is blended back,
    /// cut to the arc (`CornerCutout`); on a GPU they are triangle fans with a feathered rim in ONE
    /// `SDL_RenderGeometry` call (docs/BEHAVIOUR.md#cost-of-textured-triangles). radius 0 → one plain
    /// copy. Frames under one pixel on a side are skipped.
    func drawPhoto(_ id: PhotoID, command: Int, frame: Rect, radius: Double, opacity: Double, visible: PixelRect) {
        let dst = PixelRect(placing: frame, pixelsPerPoint: pixelsPerPoint)
        guard dst.width >= 1, dst.height >= 1, dst.intersects(visible) else { return }
        let alpha = DrawListRenderer.alphaByte(opacity)
        guard alpha > 0 else { return }

        let photo = textures(ofCommand: command, id: id, width: dst.width, height: dst.height)
        // Drawn again in a later damaged part of the frame: it uses what it has, and is not counted
        // as drawn twice in a row.
        var counts = true
        if notesPasses {
            counts = !drawnInEarlierPasses.contains(ObjectIdentifier(photo))
            drawnInThisPass.insert(ObjectIdentifier(photo))
        }
        let level = photo.level(covering: dst.width, dst.height)
        let texture = level.texture
        let layout = AspectFillLayout(
            destination: dst, radius: radiusInPixels(radius), textureWidth: level.width, textureHeight: level.height)

        // Baked corners first: baking draws with the texture, whose mods and blend mode are set below.
        let key = CornerAtlas.Key(width: dst.width, height: dst.height, radius: layout.radius, level: texture)
        let atlas =
            layout.radius > 0 ? cornerAtlas(for: photo, key: key, level: level, layout: layout, counts: counts) : nil

        // A photo still decoding is a neutral tile that pulses gently (the "shimmer").
        let shade = textures.isLoadingTile(photo) ? loadingShade : 255
        if shade != 255 { SDL_SetTextureColorMod(texture, shade, shade, shade) }
        check(SDL_SetTextureAlphaMod(texture, alpha), "SDL_SetTextureAlphaMod")
        // An opaque photo at full opacity needs no blending in its body; unblended blits are the
        // cheaper path in the software renderer.
        let blendBody = alpha < 255 || !photo.isOpaque
        check(
            SDL_SetTextureBlendMode(texture, blendBody ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE),
            "SDL_SetTextureBlendMode")
        // No baked corners (a photo changing size): in the software renderer, what lies under the
        // corners is kept and laid back over a square body (`CornerCutout`).
        let cutsCorners =
            layout.radius > 0 && atlas == nil
            && cornerCutout?.save(
                radius: layout.radius, visible: visible, bounds: targetBounds, squares: layout.grid.cornerSquare,
                inPlace: opaqueFill?.frameInPlace()) == true
        // A photo changing size whose corners are cut or square, in the software renderer: scaled
        // whole, straight into the frame (`DirectScale`), corners and all.
        let plain = shade == 255 && !blendBody
        let bodyCopied = plain && drawBody(of: photo, level: level, layout: layout, size: dst, counts: counts)
        let scaledWhole =
            !bodyCopied && plain && (layout.radius == 0 || cutsCorners)
            && scaleDirectly(level: level, layout: layout, size: dst, visible: visible)
        if !bodyCopied && !scaledWhole {
            layout.forEachStrip { source, destination in
                copyScaled(texture, source: source, destination: destination, visible: visible)
            }
        }

        guard layout.radius > 0 else { return }
        if cutsCorners {
            // The corner squares as the body is drawn (the texels the fans would map), whole, then what
            // was under them, cut to the arc, over them (`CornerCutout.save`). Scaled whole, the body
            // has its corner squares already.
            let clip = currentClip
            setClip(nil)
            defer { setClip(clip) }
            if !scaledWhole {
                copyCorners(from: texture, layout: layout, visible: visible, source: layout.cornerSource)
            }
            check(cornerCutout?.restore() == true ? 0 : -1, "SDL_RenderCopyF")
            return
        }
        if let atlas {
            // A tile that keeps its size: four blended 1:1 blits of its baked corners, pulsing with the
            // body when it is the loading tile (the atlas is baked unmodulated).
            check(SDL_SetTextureColorMod(atlas.texture, shade, shade, shade), "SDL_SetTextureColorMod")
            check(SDL_SetTextureAlphaMod(atlas.texture, alpha), "SDL_SetTextureAlphaMod")
            copyCorners(from: atlas.texture, layout: layout, visible: visible, source: atlas.slot)
            return
        }
        mesh.reset()
        // SDL applies the VERTEX colour to geometry and ignores the texture's alpha mod
        // (SDL_RenderGeometry docs; SDL_SW_BlitTriangle), so opacity goes into the vertices.
        let color = SDL_Color(r: shade, g: shade, b: shade, a: alpha)
        for index in 0..<4 {
            let square = layout.grid.cornerSquare(index)
            guard square.intersects(visible) else { continue }
            let mapping = CornerMesh.TextureMapping(
                source: layout.cornerSource(index), textureWidth: level.width, textureHeight: level.height)
            mesh.appendCorner(index, square: square, radius: layout.radius, color: color, texture: mapping)
        }
        guard !mesh.isEmpty else { return }
        // The rim's partial alpha needs blending whatever the body used.
        check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        submitMesh(texture: texture)
    }

    /// Scales `layout`'s whole crop of `level` onto `size` straight into the frame's pixels, cut by
    /// `visible` (`DirectScale`); false, with nothing drawn, where it cannot (not the software
    /// renderer's own frame, no AVX2, a level it cannot read).
    private func scaleDirectly(level: MipLevel, layout: AspectFillLayout, size: PixelRect, visible: PixelRect) -> Bool {
        guard DirectScale.isAvailable, let frame = opaqueFill?.frameInPlace(), SDL_RenderFlush(renderer) == 0 else {
            return false
        }
        return DirectScale.draw(level: level, source: layout.crop, destination: size, clip: visible, into: frame)
    }

    /// Copies into each of `layout`'s corner squares that shows in `visible` the texels `source(index)`
    /// of `texture` (0 TL, 1 TR, 2 BR, 3 BL).
    private func copyCorners(
        from texture: OpaquePointer, layout: AspectFillLayout, visible: PixelRect, source: (Int) -> IntRect
    ) {
        for index in 0..<4 {
            let square = layout.grid.cornerSquare(index)
            guard square.intersects(visible) else { continue }
            copyScaled(texture, source: source(index), destination: square, visible: visible)
        }
    }

    /// Copies the `source` texels of `texture` scaled onto `destination` (pixels). One far larger than
    /// the target is drawn only where it meets `visible` (`VisiblePartScaler`): whole, SDL's software
    /// renderer would first scale all of it into a temporary surface of its size.
    private func copyScaled(_ texture: OpaquePointer, source: IntRect, destination: IntRect, visible: PixelRect) {
        if let visibleParts,
            VisiblePart.isOversized(source: source, destination: destination, target: targetBounds),
            visibleParts.draw(
                texture: texture, source: source, destination: destination, visible: visible.intersection(targetBounds))
        {
            return
        }
        var src = SDL_Rect(x: Int32(source.x), y: Int32(source.y), w: Int32(source.w), h: Int32(source.h))
        // Integer-valued: the software renderer truncates x and w separately (seams otherwise).
        var dstF = SDL_FRect(
            x: Float(destination.x), y: Float(destination.y), w: Float(destination.w), h: Float(destination.h))
        check(SDL_RenderCopyF(renderer, texture, &src, &dstF), "SDL_RenderCopyF")
    }

    /// Tells `backgroundFill` what the photos of `list` will cover opaquely in the current part: the
    /// body strips of each one `drawPhoto` blits without blending (full opacity, an opaque texture,
    /// not the pulsing loading tile), cut by its clip and the part.
    func coverOpaquePhotos(of list: DrawList) {
        backgroundFill.reset()
        for index in list.commands.indices where mayTouchOutput(command: index) {
            guard case .photo(let id, let frame, let radius, let opacity, let clip) = list.commands[index],
                DrawListRenderer.alphaByte(opacity) == 255
            else { continue }
            let dst = PixelRect(placing: frame, pixelsPerPoint: pixelsPerPoint)
            let visible = (clip.map { PixelRect(enclosing: $0, pixelsPerPoint: pixelsPerPoint) } ?? fullOutput)
                .intersection(output)
            guard dst.width >= 1, dst.height >= 1, dst.intersects(visible) else { continue }
            let photo = textures(ofCommand: index, id: id, width: dst.width, height: dst.height)
            guard photo.isOpaque, !textures.isLoadingTile(photo) else { continue }
            let level = photo.level(covering: dst.width, dst.height)
            let layout = AspectFillLayout(
                destination: dst, radius: radiusInPixels(radius), textureWidth: level.width, textureHeight: level.height
            )
            layout.forEachStrip { _, strip in
                backgroundFill.cover(
                    PixelRect(x0: strip.x, y0: strip.y, x1: strip.x + strip.w, y1: strip.y + strip.h).intersection(
                        visible))
            }
        }
    }

    /// Draws an opaque photo's strips as 1:1 copies of its body scaled to `size` (`TileBodies`). False
    /// to scale them directly (a tile changing size, no body yet).
    ///
    /// A tile its clip or the window's edge cuts is copied too, cut exactly by SDL's clip (an unscaled
    /// blit moves its source by just what the clip takes off): what shows of it is what shows of the
    /// whole tile, so a photo scrolling past a viewport's edge keeps its pixels, where a directly
    /// scaled strip that the clip cuts is sampled from a rounded, shifted source and swims by a fraction
    /// of a pixel. In a waterfall scrolled at 1920×1080 half the tiles drawn are cut by its edges.
    private func drawBody(
        of photo: PhotoTextures, level: MipLevel, layout: AspectFillLayout, size: PixelRect, counts: Bool
    ) -> Bool {
        // A body larger than the whole target (a tall panorama's tile) would cost more than a frame: the
        // photo is scaled where it shows instead.
        guard size.width * size.height <= targetBounds.width * targetBounds.height else { return false }
        let key = TileBodies.Key(
            photo: ObjectIdentifier(photo), level: level.texture, width: size.width, height: size.height,
            radius: layout.radius)
        let clip = currentClip
        var madeOne = false
        guard
            let body = bodies.body(
                for: photo, key: key, level: level, layout: layout, counts: counts, madeOne: &madeOne)
        else {
            return false
        }
        if madeOne {
            // Changing render targets resets the clip; set the command's clip again.
            clipIsKnown = false
            setClip(clip)
        }
        layout.forEachStrip { _, destination in
            var src = SDL_Rect(
                x: Int32(destination.x - size.x0), y: Int32(destination.y - size.y0), w: Int32(destination.w),
                h: Int32(destination.h))
            var dstF = SDL_FRect(
                x: Float(destination.x), y: Float(destination.y), w: Float(destination.w), h: Float(destination.h))
            check(SDL_RenderCopyF(renderer, body, &src, &dstF), "SDL_RenderCopyF")
        }
        return true
    }

    /// The photo's baked corners for `key`: the existing atlas, or a new one once the photo is drawn
    /// at the same size twice in a row (so tiles changing size every frame never bake); nil means
    /// draw the corners directly.
    private func cornerAtlas(
        for photo: PhotoTextures, key: CornerAtlas.Key, level: MipLevel, layout: AspectFillLayout, counts: Bool
    ) -> CornerAtlas? {
        if let atlas = photo.cornerAtlas, atlas.key == key { return atlas }
        guard counts else { return nil }
        defer { photo.lastCornerKey = key }
        guard cornerAtlasesWork, photo.lastCornerKey == key else { return nil }
        photo.cornerAtlas = nil
        let clip = currentClip
        if let cornerCutout {
            photo.cornerAtlas = CornerAtlas.bake(
                key: key, level: level, layout: layout, renderer: renderer, coverage: cornerCutout.coverage(radius:))
        } else {
            photo.cornerAtlas = CornerAtlas.bake(
                key: key, level: level, layout: layout, renderer: renderer, mesh: &mesh)
        }
        if photo.cornerAtlas == nil { cornerAtlasesWork = false }
        // Changing render targets resets the clip; set the command's clip again.
        clipIsKnown = false
        setClip(clip)
        return photo.cornerAtlas
    }

    /// One `SDL_RenderGeometry` call for everything in `mesh`; a failure (e.g. a uv the software
    /// renderer rejects) is reported once on stderr instead of silently dropping corners.
    func submitMesh(texture: OpaquePointer?) {
        let rc = mesh.vertices.withUnsafeBufferPointer { v in
            mesh.indices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        check(rc, "SDL_RenderGeometry")
    }

    /// A corner radius in POINTS as whole PIXELS (the corner squares are whole pixels, so the strips
    /// beside them stay pixel-exact); negative or non-finite → 0.
    func radiusInPixels(_ radius: Double) -> Int {
        let r = radius * pixelsPerPoint
        guard r.isFinite, r > 0 else { return 0 }
        return PixelRect.round(r)
    }

    /// Opacity 0…1 as an alpha byte, rounded; out-of-range or NaN clamps.
    static func alphaByte(_ opacity: Double) -> UInt8 {
        guard opacity.isFinite else { return opacity > 0 ? 255 : 0 }
        return UInt8(max(0, min(255, (opacity * 255).rounded())))
    }
}
