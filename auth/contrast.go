package auth

import (
	"math"
	"strconv"
)

// MinTextContrast is the contrast every text of a palette must reach against its backgrounds:
// WCAG 2.1 success criterion 1.4.3 (level AA), 4.5:1 for normal text (issue 37).
const MinTextContrast = 4.5

// KeyLowContrast is the refusal of a palette whose text would be unreadable.
const KeyLowContrast = "contraste_insuficiente"

// The backgrounds a personal palette's primary colour sits on, as the web app builds the
// palette (web/src/features/tenant-theme/utils/gallery.ts): the light type puts the primary on
// #f8f9fa and #ffffff (and white text on it in the chrome areas); the dark type on #1a1b1e and
// #25262b. Keep the two lists equal.
var (
	lightPaletteBackgrounds = []string{"#f8f9fa", "#ffffff"}
	darkPaletteBackgrounds  = []string{"#1a1b1e", "#25262b"}
)

// PaletteContrast is the lowest contrast ratio between the personal palette's primary colour
// (#rrggbb) and the backgrounds of its type (light or dark; empty is light).
func PaletteContrast(primary, scheme string) float64 {
	bgs := lightPaletteBackgrounds
	if scheme == "dark" {
		bgs = darkPaletteBackgrounds
	}
	low := math.Inf(1)
	for _, bg := range bgs {
		low = math.Min(low, ContrastRatio(primary, bg))
	}
	return low
}

// ContrastRatio is the WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21); 1 when
// either is not such a colour.
func ContrastRatio(a, b string) float64 {
	la, oka := relativeLuminance(a)
	lb, okb := relativeLuminance(b)
	if !oka || !okb {
		return 1
	}
	hi, lo := math.Max(la, lb), math.Min(la, lb)
	return (hi + 0.05) / (lo + 0.05)
}

func relativeLuminance(hex string) (float64, bool) {
	if !hexColor.MatchString(hex) {
		return 0, false
	}
	var ch [3]float64
	for i := range ch {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return 0, false
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			ch[i] = c / 12.92
		} else {
			ch[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*ch[0] + 0.7152*ch[1] + 0.0722*ch[2], true
}
