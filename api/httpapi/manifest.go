package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"gorm.io/gorm"

	"github.com/praksis/praksis/api/apperror"
	"github.com/praksis/praksis/tenants"
	"github.com/praksis/praksis/tenants/texts"
)

// manifestPath is where the page links the web app manifest; iconSizes are
// the square icons it lists (192 and 512 are what browsers ask of an
// installable app).
const manifestPath = "/manifest.webmanifest"

var iconSizes = []int{192, 512}

// webManifest is the subset of the Web App Manifest Praksis fills in.
type webManifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Lang            string         `json:"lang"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display" enum:"standalone"`
	ThemeColor      string         `json:"theme_color" example:"#1A5A8A" description:"The school's primary colour"`
	BackgroundColor string         `json:"background_color"`
	Icons           []manifestIcon `json:"icons"`
}

// iconParams name one icon of the manifest.
type iconParams struct {
	Name string `path:"name" enum:"app-192.png,app-512.png"`
	Lang string `query:"lang" enum:"nb,nn,en" description:"The language of the school's texts; otherwise Accept-Language decides"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes" example:"192x192"`
	Type    string `json:"type" enum:"image/png"`
	Purpose string `json:"purpose" enum:"any,maskable"`
}

// schoolInfo loads the public info of the request's school in the language
// the request asks for.
func (s *Server) schoolInfo(c *echo.Context) (*tenants.PublicInfo, error) {
	t, err := s.tenantOf(c.Request())
	if err != nil {
		return nil, err
	}
	lang := texts.Negotiate(c.QueryParam("lang"), c.Request().Header.Get("Accept-Language"), t.DefaultLanguage)
	var info tenants.PublicInfo
	err = s.reg.Scope(c.Request().Context(), t, func(ctx context.Context, tx *gorm.DB) error {
		st, err := tenants.LoadSchoolTexts(ctx, tx, t)
		if err != nil {
			return fmt.Errorf("load texts of school %s: %w", t.Slug, err)
		}
		info = st.Public(lang)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &info, nil
}

// webAppManifest answers the school's web app manifest: its name and
// colours, so that a phone installs the app as the school's own, and icons
// drawn in its colours.
func (s *Server) webAppManifest(c *echo.Context) error {
	info, err := s.schoolInfo(c)
	if err != nil {
		return err
	}
	theme := info.Theme.Merge(tenants.DefaultTheme)
	m := webManifest{
		ID:              "/",
		Name:            info.AppName,
		ShortName:       info.AppName,
		Lang:            info.Language,
		StartURL:        "/",
		Scope:           "/",
		Display:         "standalone",
		ThemeColor:      theme.PrimaryColor,
		BackgroundColor: "#ffffff",
	}
	for _, size := range iconSizes {
		for _, purpose := range []string{"any", "maskable"} {
			m.Icons = append(m.Icons, manifestIcon{
				Src: "/icons/app-" + strconv.Itoa(size) + ".png", Sizes: fmt.Sprintf("%dx%d", size, size),
				Type: "image/png", Purpose: purpose,
			})
		}
	}
	h := c.Response().Header()
	h.Set("Content-Type", "application/manifest+json")
	// The school may change its name or colours; the browser asks again.
	h.Set("Cache-Control", "no-cache")
	return c.JSON(http.StatusOK, m)
}

// appIcon answers one of the manifest's icons: a square in the school's
// primary colour with a ring in its secondary colour, kept inside the safe
// zone of a maskable icon.
func (s *Server) appIcon(c *echo.Context) error {
	name := strings.TrimSuffix(strings.TrimPrefix(c.Param("name"), "app-"), ".png")
	size, err := strconv.Atoi(name)
	if err != nil || !validIconSize(size) || !strings.HasSuffix(c.Param("name"), ".png") {
		return apperror.NotFoundf("error.routeNotFound")
	}
	info, err := s.schoolInfo(c)
	if err != nil {
		return err
	}
	theme := info.Theme.Merge(tenants.DefaultTheme)
	var buf bytes.Buffer
	if err := png.Encode(&buf, drawIcon(size, parseHex(theme.PrimaryColor), parseHex(theme.SecondaryColor))); err != nil {
		return fmt.Errorf("encode icon %d: %w", size, err)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", buf.Bytes())
}

func validIconSize(size int) bool {
	for _, s := range iconSizes {
		if s == size {
			return true
		}
	}
	return false
}

// drawIcon fills the square with bg and draws a ring of fg around its centre.
func drawIcon(size int, bg, fg color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := float64(size) / 2
	outer, inner := float64(size)*0.28, float64(size)*0.18
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			d2 := dx*dx + dy*dy
			switch {
			case d2 <= inner*inner:
				img.SetRGBA(x, y, color.RGBA{255, 255, 255, 255})
			case d2 <= outer*outer:
				img.SetRGBA(x, y, fg)
			default:
				img.SetRGBA(x, y, bg)
			}
		}
	}
	return img
}

// parseHex reads "#RRGGBB"; anything else is the default primary colour.
func parseHex(hex string) color.RGBA {
	var r, g, b uint8
	if _, err := fmt.Sscanf(strings.TrimPrefix(hex, "#"), "%02x%02x%02x", &r, &g, &b); err != nil || len(hex) != 7 {
		return parseHex(tenants.DefaultTheme.PrimaryColor)
	}
	return color.RGBA{r, g, b, 255}
}
