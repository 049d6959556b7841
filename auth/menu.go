package auth

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// The navigation menu (spec portal-core §2, §6). Its one definition is the web app's
// web/src/app/menu/menu.json; menu.json here is a copy the server embeds (TestMenuIsTheWebMenu
// fails when they differ; refresh it with go generate ./auth).
//
//go:generate cp ../web/src/app/menu/menu.json menu.json
//go:embed menu.json
var menuJSON []byte

// Menu item types (spec §2).
const (
	MenuGroup    = "group"
	MenuCollapse = "collapse"
	MenuItemType = "item"
	MenuLink     = "link"
	MenuDivider  = "divider"
)

// MenuItem is one node of the navigation.
type MenuItem struct {
	ID       string     `json:"id"`
	Type     string     `json:"type"`
	URL      string     `json:"url,omitempty"`
	Action   string     `json:"action,omitempty"`
	Icon     string     `json:"icon,omitempty"`
	Status   int        `json:"status"` // maturity: 0 development, 1 testing, other production
	Roles    []string   `json:"roles"`  // nil: none required; empty: guests only
	AccessID string     `json:"accessId,omitempty"`
	Review   string     `json:"review,omitempty"`
	Children []MenuItem `json:"children,omitempty"`
}

// Access is what the item requires.
func (m MenuItem) Access() Access {
	return Access{ID: m.ID, AccessID: m.AccessID, Roles: m.Roles, Review: m.Review}
}

type menuFile struct {
	Items []MenuItem `json:"items"`
}

// ParseMenu reads a menu definition and checks that ids are unique and types known.
func ParseMenu(data []byte) ([]MenuItem, error) {
	var f menuFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("menu: %w", err)
	}
	seen := map[string]bool{}
	var check func([]MenuItem) error
	check = func(items []MenuItem) error {
		for _, it := range items {
			switch it.Type {
			case MenuGroup, MenuCollapse, MenuItemType, MenuLink, MenuDivider:
			default:
				return fmt.Errorf("menu item %q: unknown type %q", it.ID, it.Type)
			}
			if it.ID == "" || seen[it.ID] {
				return fmt.Errorf("menu item %q: empty or repeated id", it.ID)
			}
			seen[it.ID] = true
			if err := check(it.Children); err != nil {
				return err
			}
		}
		return nil
	}
	if err := check(f.Items); err != nil {
		return nil, err
	}
	return f.Items, nil
}

var appMenu = func() []MenuItem {
	items, err := ParseMenu(menuJSON)
	if err != nil {
		panic(err)
	}
	return items
}()

// AppMenu is the product's navigation.
func AppMenu() []MenuItem { return appMenu }

// FilterMenu keeps what Visible shows (spec §6). Dividers stay with their group; a group or
// collapse left with only dividers (or nothing) is removed.
func FilterMenu(items []MenuItem, p Permissions) []MenuItem {
	out := []MenuItem{}
	for _, it := range items {
		if it.Type == MenuDivider {
			out = append(out, it)
			continue
		}
		if !Visible(it.Access(), p) {
			continue
		}
		if it.Type == MenuGroup || it.Type == MenuCollapse {
			it.Children = FilterMenu(it.Children, p)
			if onlyDividers(it.Children) {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

func onlyDividers(items []MenuItem) bool {
	for _, it := range items {
		if it.Type != MenuDivider {
			return false
		}
	}
	return true
}

// MenuIDs lists the ids of a menu's non-divider nodes, depth first.
func MenuIDs(items []MenuItem) []string {
	var out []string
	for _, it := range items {
		if it.Type != MenuDivider {
			out = append(out, it.ID)
		}
		out = append(out, MenuIDs(it.Children)...)
	}
	return out
}

// FindMenuItem finds a node by id.
func FindMenuItem(items []MenuItem, id string) (MenuItem, bool) {
	for _, it := range items {
		if it.ID == id {
			return it, true
		}
		if found, ok := FindMenuItem(it.Children, id); ok {
			return found, true
		}
	}
	return MenuItem{}, false
}
